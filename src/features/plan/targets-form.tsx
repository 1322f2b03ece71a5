import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useRef, useState } from 'react'
import { describeError } from '../../api/errors'
import { PLAN_KEY, setTarget } from '../../api/plan'
import { useWrite } from '../../api/use-write'
import { keepAdminToken, storedAdminToken } from '../../components/admin-token'
import { useT } from '../../components/i18n'
import { rememberedName, rememberName } from '../../components/person-name'
import { MAX_TARGET } from '../../lib/plan-targets'
import {
  BOX,
  BUTTON,
  countOf,
  ERROR,
  FIELD,
  HINT,
  inForce,
  keyOf,
  PRIMARY,
  type Props,
  scopeOf,
  scopeValue,
  WEEKDAYS,
  WhoFields,
} from './targets-parts'

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
  const [problem, setProblem] = useState<string | null>(null)
  const nameField = useRef<HTMLInputElement>(null)
  const tokenField = useRef<HTMLInputElement>(null)
  const write = useWrite({
    mutationFn: ({ body, token }: Sent) => setTarget(body, token),
    onSuccess: (_, { body, token }) => {
      keepAdminToken(token)
      rememberName(body.by)
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
    const who = name.trim() !== '' && token !== ''
    setProblem(wrong ?? (who ? null : t('planTargets.needWho')))
    if (wrong === null && !who) (name.trim() ? tokenField : nameField).current?.focus()
    if (wrong !== null || !who || !shift) return
    // a removal sends neither figure, whatever the fields hold (they are whole numbers otherwise)
    const figures =
      remove || piecesCount === 'wrong' || stitchesCount === 'wrong'
        ? { pieces: null, stitches: null }
        : { pieces: piecesCount, stitches: stitchesCount }
    const body = { shift, weekday, scope: scopeOf(scope), ...figures, by: name.trim() }
    const done = () => {
      setPieces('')
      setStitches('')
    }
    write.mutate({ body, token }, { onSuccess: done })
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
        <label className="flex min-w-0 flex-col">
          {t('planTargets.field.shift')}
          <select className={FIELD} value={shift} onChange={(e) => setShift(e.target.value)}>
            {shiftNames.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </label>
        <label className="flex min-w-0 flex-col">
          {t('planTargets.field.day')}
          <select className={FIELD} value={day} onChange={(e) => setDay(e.target.value)}>
            <option value="">{t('planTargets.everyDay')}</option>
            {WEEKDAYS.map((key, i) => (
              <option key={key} value={String(i + 1)}>
                {t(key)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex min-w-0 flex-col">
          {t('planTargets.field.where')}
          <select className={FIELD} value={scope} onChange={(e) => setScope(e.target.value)}>
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
          </select>
        </label>
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
          <label key={label} className="flex min-w-0 flex-col">
            {label}
            <input
              className={`${FIELD} w-48`}
              inputMode="numeric"
              autoComplete="off"
              value={value}
              aria-describedby={countHint}
              onChange={(e) => set(e.target.value)}
            />
          </label>
        ))}
        <p id={countHint} className={`basis-full ${HINT}`}>
          {t('planTargets.countHint')}
        </p>
      </fieldset>
      <WhoFields
        name={name}
        setName={setName}
        token={token}
        setToken={setToken}
        nameRef={nameField}
        tokenRef={tokenField}
        hint={t('planTargets.nameHint')}
      />
      <div className="flex flex-wrap items-center gap-3 border-t border-gray-300 pt-4 dark:border-gray-700">
        <button type="submit" disabled={cannot} className={PRIMARY}>
          {t('planTargets.save')}
        </button>
        <button type="button" disabled={cannot} className={BUTTON} onClick={() => send(true)}>
          {t('planTargets.remove')}
        </button>
        {(problem || write.isError) && (
          <p role="alert" className={`basis-full ${ERROR}`}>
            {problem ?? describeError(write.error, t)}
          </p>
        )}
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
