import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { describeError } from '../../api/core/errors'
import { useWrite } from '../../api/core/use-write'
import { enterRejects, rejectsQueryOptions } from '../../api/plan/plan'
import { useT } from '../../components/i18n'
import { rememberedName, rememberName } from '../../components/person-name'
import {
  KeptAs,
  nameToKeep,
  onFloorDevice,
  pinRefusal,
  SignInFirst,
  useMe,
  whoMissing,
} from '../../components/signed-in'
import { Button } from '../../components/ui/button'
import { FIELD } from '../../components/ui/field-styles'
import { SelectField } from '../../components/ui/select-field'
import { TextField } from '../../components/ui/text-field'
import { MAX_WHO_NAME } from '../../components/who-fields'
import { formatFactoryTime } from '../../lib/factory-time'
import { MAX_REJECTS, rejectsFor } from '../../lib/plan-targets'

/** The labels small, as the form sits among a shift's figures; the fields a finger's height to tap. */
const SMALL_FIELD = 'flex flex-col text-sm'

/** Rejects of a shift, entered on the floor by name (no token): the quality of OEE. The latest entry
 * holds; every entry is kept with who and when. */
export function RejectsForm({
  shifts,
  timeZone,
}: {
  /** the shift running now first, then the one that ended before it (rejects are often counted at its end) */
  shifts: ReadonlyArray<{ shift: string; day: string; label: string }>
  timeZone: string
}) {
  const { t, number } = useT()
  const id = useId()
  const [chosen, setChosen] = useState(0)
  const { shift, day } = shifts[Math.min(chosen, shifts.length - 1)]!
  const rows = useQuery(rejectsQueryOptions(day, day))
  const entered = rows.data ? rejectsFor(rows.data, shift, day, null) : null
  const [count, setCount] = useState('')
  const [name, setName] = useState(rememberedName)
  const me = useMe()
  // on an enrolled floor device: the PIN of who enters them, asked instead of a name
  const onDevice = onFloorDevice(me)
  const [pin, setPin] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const write = useWrite({
    mutationFn: enterRejects,
    onSuccess: (_, variables) => {
      if (!me?.person && !onDevice) rememberName(variables.by)
      setPin('')
      setCount('')
      return rows.refetch()
    },
  })
  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    const rejects = Number(count)
    if (count.trim() === '' || !Number.isInteger(rejects) || rejects < 0 || rejects > MAX_REJECTS)
      return setProblem(t('plan.rejects.notACount', { max: number(MAX_REJECTS) }))
    if (onDevice) {
      if (!pin) return setProblem(t('who.pinOn', { device: me?.device?.name ?? '' }))
      setProblem(null)
      return write.mutate({ shift, day, locationId: null, rejects, by: '', pin })
    }
    const missing = whoMissing(me, name)
    if (missing === 'sign-in') return setProblem(t('who.signInFirst'))
    if (missing === 'name') return setProblem(t('plan.rejects.noName'))
    setProblem(null)
    write.mutate({ shift, day, locationId: null, rejects, by: nameToKeep(me, name) })
  }
  return (
    <form onSubmit={submit} className="space-y-2" aria-labelledby={`${id}-heading`} noValidate>
      <h3 id={`${id}-heading`} className="font-semibold">
        {t('plan.rejects.heading', { shift })}
      </h3>
      <p className="text-sm text-gray-700 dark:text-gray-300">
        {entered
          ? t('plan.rejects.entered', {
              rejects: number(entered.rejects),
              name: entered.by,
              when: formatFactoryTime(entered.at, timeZone, false),
            })
          : t('plan.rejects.none')}
      </p>
      <div className="flex flex-wrap items-end gap-3">
        {shifts.length > 1 && (
          <SelectField
            label={t('plan.rejects.shift')}
            className={SMALL_FIELD}
            value={chosen}
            onChange={(i) => setChosen(Number(i))}
          >
            {shifts.map((s, i) => (
              <option key={`${s.shift}@${s.day}`} value={i}>
                {s.label}
              </option>
            ))}
          </SelectField>
        )}
        <TextField
          label={t('plan.rejects.count')}
          className={SMALL_FIELD}
          inputClassName={`${FIELD} w-32`}
          inputMode="numeric"
          value={count}
          onChange={setCount}
        />
        {onDevice && (
          <TextField
            label={t('who.pinOn', { device: me?.device?.name ?? '' })}
            className={SMALL_FIELD}
            inputClassName={`${FIELD} w-32`}
            type="password"
            inputMode="numeric"
            autoComplete="off"
            maxLength={8}
            value={pin}
            onChange={setPin}
          />
        )}
        {!me?.accounts && !onDevice && (
          <TextField
            label={t('plan.rejects.name')}
            className={SMALL_FIELD}
            inputClassName={`${FIELD} w-48`}
            autoComplete="name"
            maxLength={MAX_WHO_NAME}
            value={name}
            onChange={setName}
          />
        )}
        <Button type="submit" variant="primary" disabled={write.isPending}>
          {t('plan.rejects.save')}
        </Button>
      </div>
      {me?.person && <KeptAs me={{ ...me, person: me.person }} className="text-sm" />}
      {me?.accounts && !me.person && !onDevice && <SignInFirst className="text-sm" />}
      <p role="status" className="text-sm">
        {problem ??
          (write.isError
            ? (pinRefusal(write.error, t) ?? describeError(write.error, t))
            : write.isSuccess
              ? t('plan.rejects.saved')
              : '')}
      </p>
    </form>
  )
}
