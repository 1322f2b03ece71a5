import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { describeError } from '../../api/core/errors'
import { useWrite } from '../../api/core/use-write'
import { useLocations } from '../../api/machines/locations'
import { useMachines } from '../../api/machines/machines'
import { addPlannedStop, cancelPlannedStop, type StopSettingsPage } from '../../api/stops/stops'
import { STOPS_KEY } from '../../api/stops/stops-key'
import { useT } from '../../components/i18n'
import { useNow } from '../../components/now'
import { Button } from '../../components/ui/button'
import { HINT_TEXT } from '../../components/ui/field-styles'
import { FormErrors } from '../../components/ui/form-errors'
import { FormSection } from '../../components/ui/form-section'
import { SelectField } from '../../components/ui/select-field'
import { TextAreaField } from '../../components/ui/text-area-field'
import { TextField } from '../../components/ui/text-field'
import { formatFactoryRange } from '../../lib/factory-time'
import { MAX_COMMENT, type PlannedScope, type PlannedStop, reasonName } from '../../lib/stop-reasons'
import { parseFactoryDateTime } from '../../lib/time-range'
import { ReasonSwatch } from './reason-swatch'

export const MAX_PLANNED_DAYS = 14

/** Who makes a change: the name the log records and the admin token. */
export interface Who {
  name: string
  token: string
  /** true when both are given; otherwise moves to the first one missing */
  ready: () => boolean
  /** a change with them succeeded: the token is kept for the tab, the name for the browser */
  worked: (by: string, token: string) => void
}

const scopeValue = (scope: PlannedScope) => (scope.kind === 'all' ? 'all' : `${scope.kind}:${scope.id}`)
const scopeOf = (value: string): PlannedScope => {
  if (value.startsWith('location:')) return { kind: 'location', id: Number(value.slice(9)) }
  if (value.startsWith('machine:')) return { kind: 'machine', id: value.slice(8) }
  return { kind: 'all' }
}

/** The one-off planned stops now and to come, each with a Cancel, and a form to add one. */
export function PlannedSection({
  page,
  who,
  readOnly,
  timeZone,
}: {
  page: StopSettingsPage
  who: Who
  readOnly: boolean
  timeZone: string
}) {
  const { t } = useT()
  const client = useQueryClient()
  const now = useNow() * 1000
  const machines = useMachines().data?.records ?? []
  const { locations, nameOf } = useLocations()
  const machineName = (machineId: string) => machines.find((m) => m.id === machineId)?.name ?? machineId
  const where = (scope: PlannedScope) =>
    scope.kind === 'all'
      ? t('stopSettings.whereAll')
      : scope.kind === 'location'
        ? (nameOf(scope.id) ?? String(scope.id))
        : machineName(scope.id)
  const reasonOf = (reasonId: string) => page.settings.reasons.find((r) => r.id === reasonId)
  const cancel = useWrite({
    mutationFn: ({ plannedId, by, token }: { plannedId: number; by: string; token: string }) =>
      cancelPlannedStop(plannedId, by, token),
    onSuccess: (_, { by, token }) => {
      who.worked(by, token)
      return client.invalidateQueries({ queryKey: STOPS_KEY })
    },
  })
  const [cancelling, setCancelling] = useState<number | null>(null)
  const list = page.planned.filter((p) => p.till > now).sort((a, b) => a.from - b.from || a.id - b.id)
  return (
    <FormSection heading={t('stopSettings.plannedHeading')} className="flex flex-col gap-3">
      <p>{t('stopSettings.plannedIntro')}</p>
      {list.length === 0 ? (
        <p>{t('stopSettings.plannedNone')}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {list.map((p) => {
            const reason = reasonOf(p.reason)
            const words = reason ? reasonName(reason, t) : p.reason
            const when = formatFactoryRange(p.from / 1000, p.till / 1000, timeZone)
            return (
              <li
                key={p.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded border border-gray-300 p-3 dark:border-gray-700"
              >
                <div className="min-w-0 break-words">
                  <p className="font-semibold">
                    {reason && <ReasonSwatch reason={reason} />}
                    {words} · {where(p.scope)}
                  </p>
                  <p>
                    {when}
                    {p.from <= now && ` · ${t('stopSettings.plannedNow')}`}
                  </p>
                  {p.note && <p className="whitespace-pre-line">{p.note}</p>}
                  <p className={HINT_TEXT}>{t('stopSettings.by', { name: p.by })}</p>
                </div>
                {!readOnly && (
                  <Button
                    disabled={cancel.isPending}
                    aria-label={t('stopSettings.cancelStop', { reason: words, where: where(p.scope), when })}
                    onClick={() => {
                      if (!who.ready()) return
                      setCancelling(p.id)
                      cancel.mutate({ plannedId: p.id, by: who.name.trim(), token: who.token })
                    }}
                  >
                    {t('stopSettings.cancel')}
                  </Button>
                )}
              </li>
            )
          })}
        </ul>
      )}
      {cancelling !== null && cancel.isSuccess && <p role="status">{t('stopSettings.cancelled')}</p>}
      {cancelling !== null && cancel.isError && <FormErrors errors={describeError(cancel.error, t)} />}
      {!readOnly && (
        <AddPlanned
          page={page}
          who={who}
          timeZone={timeZone}
          locations={locations}
          machines={machines.map((m) => ({ id: m.id, name: m.name }))}
        />
      )}
    </FormSection>
  )
}

function AddPlanned({
  page,
  who,
  timeZone,
  locations,
  machines,
}: {
  page: StopSettingsPage
  who: Who
  timeZone: string
  locations: ReadonlyArray<{ id: number; name: string }>
  machines: ReadonlyArray<{ id: string; name: string }>
}) {
  const { t } = useT()
  const id = useId()
  const client = useQueryClient()
  const offered = page.settings.reasons.filter((r) => r.planned && !r.retired)
  // booked from elsewhere (a maintenance task): its machine, reason and note filled in, the start asked first
  const [params] = useSearchParams()
  const asked = params.get('plan')
  const booked = asked !== null && /^(all|location:\d{1,9}|machine:[^\s,]{1,128})$/.test(asked)
  const askedReason = params.get('reason')
  const [scope, setScope] = useState(booked ? asked : 'all')
  const [reason, setReason] = useState(
    askedReason && offered.some((r) => r.id === askedReason) ? askedReason : (offered[0]?.id ?? ''),
  )
  const [start, setStart] = useState('')
  const [end, setEnd] = useState('')
  const [note, setNote] = useState(booked ? (params.get('note') ?? '').slice(0, MAX_COMMENT) : '')
  const startField = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (!booked) return
    startField.current?.scrollIntoView({ block: 'center' })
    startField.current?.focus()
  }, [booked])
  const [problem, setProblem] = useState<string | null>(null)
  const add = useWrite({
    mutationFn: ({ planned, token }: { planned: Omit<PlannedStop, 'id' | 'at'>; token: string }) =>
      addPlannedStop(planned, token),
    onSuccess: (_, { planned, token }) => {
      who.worked(planned.by, token)
      return client.invalidateQueries({ queryKey: STOPS_KEY })
    },
  })
  const chosen = offered.some((r) => r.id === reason) ? reason : (offered[0]?.id ?? '')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const from = parseFactoryDateTime(start, timeZone)
    const till = parseFactoryDateTime(end, timeZone)
    const wrong =
      from === null || till === null
        ? t('stopSettings.timesMissing')
        : till <= from
          ? t('stopSettings.endBeforeStart')
          : till - from > MAX_PLANNED_DAYS * 86_400
            ? t('stopSettings.tooLong', { days: MAX_PLANNED_DAYS })
            : null
    setProblem(wrong)
    if (wrong !== null || from === null || till === null || !chosen || !who.ready()) return
    const planned = {
      scope: scopeOf(scope),
      reason: chosen,
      from: from * 1000,
      till: till * 1000,
      note: note.trim() || null,
      by: who.name.trim(),
    }
    add.mutate(
      { planned, token: who.token },
      {
        onSuccess: () => {
          setStart('')
          setEnd('')
          setNote('')
        },
      },
    )
  }
  const noteHint = `${id}-note`
  return (
    <form
      onSubmit={submit}
      aria-labelledby={id}
      className="flex flex-col gap-3 rounded border border-gray-300 p-3 dark:border-gray-700"
    >
      <h3 id={id} className="text-lg font-semibold">
        {t('stopSettings.addHeading')}
      </h3>
      <p>{t('stopSettings.factoryTime', { zone: timeZone })}</p>
      {offered.length === 0 && <p>{t('stopSettings.noPlannedReason')}</p>}
      <div className="flex flex-wrap items-end gap-3">
        <SelectField label={t('stopSettings.where')} value={scope} onChange={setScope}>
          <option value="all">{t('stopSettings.whereAll')}</option>
          {locations.length > 0 && (
            <optgroup label={t('stopSettings.locations')}>
              {locations.map((l) => (
                <option key={l.id} value={scopeValue({ kind: 'location', id: l.id })}>
                  {l.name}
                </option>
              ))}
            </optgroup>
          )}
          {machines.length > 0 && (
            <optgroup label={t('stopSettings.machines')}>
              {machines.map((m) => (
                <option key={m.id} value={scopeValue({ kind: 'machine', id: m.id })}>
                  {m.name}
                </option>
              ))}
            </optgroup>
          )}
        </SelectField>
        <SelectField label={t('stopSettings.reason')} value={chosen} onChange={setReason}>
          {offered.map((r) => (
            <option key={r.id} value={r.id}>
              {reasonName(r, t)}
            </option>
          ))}
        </SelectField>
        <TextField
          ref={startField}
          label={t('stopSettings.start')}
          type="datetime-local"
          className="flex flex-col"
          value={start}
          onChange={setStart}
        />
        <TextField
          label={t('stopSettings.end')}
          type="datetime-local"
          className="flex flex-col"
          value={end}
          onChange={setEnd}
        />
      </div>
      <TextAreaField
        label={t('stopSettings.note')}
        className="flex flex-col"
        value={note}
        maxLength={MAX_COMMENT}
        describedBy={noteHint}
        onChange={setNote}
      />
      <p id={noteHint} className={`-mt-2 ${HINT_TEXT}`}>
        {t('stopSettings.noteLeft', { count: MAX_COMMENT - note.length })}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="primary" disabled={add.isPending || offered.length === 0}>
          {t('stopSettings.add')}
        </Button>
        <FormErrors errors={problem} />
        {!problem && add.isSuccess && <p role="status">{t('stopSettings.added')}</p>}
        {!problem && add.isError && <FormErrors errors={describeError(add.error, t)} />}
      </div>
    </form>
  )
}
