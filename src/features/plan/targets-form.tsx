import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useRef, useState } from 'react'
import { describeError } from '../../api/core/errors'
import { useWrite } from '../../api/core/use-write'
import { PLAN_KEY, setTarget } from '../../api/plan/plan'
import { keepAdminToken, storedAdminToken } from '../../components/admin-token'
import { useT } from '../../components/i18n'
import { rememberedName, rememberName } from '../../components/person-name'
import { nameToKeep, useMe, whoMissing } from '../../components/signed-in'
import { Button } from '../../components/ui/button'
import { FIELD, HINT_TEXT } from '../../components/ui/field-styles'
import { FormErrors } from '../../components/ui/form-errors'
import { SelectField } from '../../components/ui/select-field'
import { TextField } from '../../components/ui/text-field'
import { WhoFields } from '../../components/who-fields'
import { MAX_TARGET } from '../../lib/plan-targets'
import { BOX, countOf, inForce, keyOf, type Props, scopeOf, scopeValue, WEEKDAYS } from './targets-parts'

type Sent = { body: Parameters<typeof setTarget>[0]; token: string }

/** Sets (or removes) the target of a shift, day and place, with the name the history records and the
 * admin token. What keeps it from being sent is said before sending; the server's refusal in its words. */
export function SetTarget({ rows, shiftNames, words }: Props) {
  const { t } = useT()
  const id = useId()
  const client = useQueryClient()
  const [chosen, setShift] = useState(shiftNames[0] ?? '')
  // a shift no longer configured (the configuration was read again) is not offered
  const shift = shiftNames.includes(chosen) ? chosen : (shiftNames[0] ?? '')
  const [day, setDay] = useState('')
  const [scope, setScope] = useState('all')
  const [pieces, setPieces] = useState('')
  const [stitches, setStitches] = useState('')
  const [name, setName] = useState(rememberedName)
  const [token, setToken] = useState(storedAdminToken)
  const me = useMe()
  const [problem, setProblem] = useState<string | null>(null)
  const nameField = useRef<HTMLInputElement>(null)
  const tokenField = useRef<HTMLInputElement>(null)
  const write = useWrite({
    mutationFn: ({ body, token }: Sent) => setTarget(body, token),
    onSuccess: (_, { body, token }) => {
      if (token) {
        keepAdminToken(token)
        rememberName(body.by)
      }
      return client.invalidateQueries({ queryKey: PLAN_KEY })
    },
  })
  const weekday = day === '' ? null : Number(day)
  const current = inForce(rows).find(
    (row) => keyOf(row.shift, row.weekday, scopeValue(row.scope)) === keyOf(shift, weekday, scope),
  )
  const piecesCount = countOf(pieces)
  const stitchesCount = countOf(stitches)
  const problemOf = (remove: boolean) => {
    if (remove) return current ? null : t('planTargets.nothingToRemove')
    if (piecesCount === 'wrong') return t('planTargets.piecesWrong', { max: MAX_TARGET })
    if (stitchesCount === 'wrong') return t('planTargets.stitchesWrong', { max: MAX_TARGET })
    return piecesCount === null && stitchesCount === null ? t('planTargets.needCount') : null
  }
  const send = (remove: boolean) => {
    const wrong = problemOf(remove)
    const missing = whoMissing(me, name, token)
    setProblem(
      wrong ??
        (missing === null ? null : missing === 'sign-in' ? t('who.signInFirst') : t('planTargets.needWho')),
    )
    if (wrong === null && (missing === 'name' || missing === 'token'))
      (missing === 'token' ? tokenField : nameField).current?.focus()
    if (wrong !== null || missing !== null || !shift) return
    // a removal sends neither figure, whatever the fields hold (they are whole numbers otherwise)
    const figures =
      remove || piecesCount === 'wrong' || stitchesCount === 'wrong'
        ? { pieces: null, stitches: null }
        : { pieces: piecesCount, stitches: stitchesCount }
    const body = { shift, weekday, scope: scopeOf(scope), ...figures, by: nameToKeep(me, name) }
    const done = () => {
      setPieces('')
      setStitches('')
    }
    write.mutate({ body, token: me?.person ? '' : token }, { onSuccess: done })
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    send(false)
  }
  const countHint = `${id}-counts`
  const cannot = write.isPending || shiftNames.length === 0
  return (
    <form onSubmit={submit} aria-labelledby={id} noValidate className={`flex flex-col gap-4 ${BOX}`}>
      <h2 id={id} className="text-xl font-semibold">
        {t('planTargets.form.heading')}
      </h2>
      {shiftNames.length === 0 && <p>{t('planTargets.noShifts')}</p>}
      <fieldset className="flex min-w-0 flex-wrap items-end gap-3">
        <legend className="mb-2 font-semibold">{t('planTargets.form.which')}</legend>
        <SelectField label={t('planTargets.field.shift')} value={shift} onChange={setShift}>
          {shiftNames.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </SelectField>
        <SelectField label={t('planTargets.field.day')} value={day} onChange={setDay}>
          <option value="">{t('planTargets.everyDay')}</option>
          {WEEKDAYS.map((key, i) => (
            <option key={key} value={String(i + 1)}>
              {t(key)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('planTargets.field.where')} value={scope} onChange={setScope}>
          <option value="all">{t('planTargets.allMachines')}</option>
          {words.locations.length > 0 && (
            <optgroup label={t('planTargets.locations')}>
              {words.locations.map((l) => (
                <option key={l.id} value={scopeValue({ kind: 'location', id: l.id })}>
                  {l.name}
                </option>
              ))}
            </optgroup>
          )}
          {words.machines.length > 0 && (
            <optgroup label={t('planTargets.machines')}>
              {words.machines.map((m) => (
                <option key={m.id} value={scopeValue({ kind: 'machine', id: m.id })}>
                  {m.name}
                </option>
              ))}
            </optgroup>
          )}
        </SelectField>
        <p aria-live="polite" className="basis-full">
          {current
            ? t('planTargets.current', { figures: words.figures(current) })
            : t('planTargets.currentNone')}
        </p>
      </fieldset>
      <fieldset className="flex min-w-0 flex-wrap items-end gap-3">
        <legend className="mb-2 font-semibold">{t('planTargets.form.figures')}</legend>
        {[
          { label: t('planTargets.field.pieces'), value: pieces, set: setPieces },
          { label: t('planTargets.field.stitches'), value: stitches, set: setStitches },
        ].map(({ label, value, set }) => (
          <TextField
            key={label}
            label={label}
            inputClassName={`${FIELD} w-48`}
            inputMode="numeric"
            autoComplete="off"
            value={value}
            describedBy={countHint}
            onChange={set}
          />
        ))}
        <p id={countHint} className={`basis-full ${HINT_TEXT}`}>
          {t('planTargets.countHint')}
        </p>
      </fieldset>
      <WhoFields
        legend={t('planTargets.who')}
        nameLabel={t('planTargets.field.name')}
        tokenLabel={t('planTargets.field.token')}
        name={name}
        setName={setName}
        token={token}
        setToken={setToken}
        nameRef={nameField}
        tokenRef={tokenField}
        hint={t('planTargets.nameHint')}
      />
      <div className="flex flex-wrap items-center gap-3 border-t border-gray-300 pt-4 dark:border-gray-700">
        <Button type="submit" variant="primary" disabled={cannot}>
          {t('planTargets.save')}
        </Button>
        <Button disabled={cannot} onClick={() => send(true)}>
          {t('planTargets.remove')}
        </Button>
        <FormErrors
          className="basis-full"
          errors={problem ?? (write.isError ? describeError(write.error, t) : null)}
        />
        {!problem && write.isSuccess && (
          <p role="status" className="basis-full">
            {write.data?.pieces === null && write.data.stitches === null
              ? t('planTargets.removed')
              : t('planTargets.saved')}
          </p>
        )}
      </div>
    </form>
  )
}
