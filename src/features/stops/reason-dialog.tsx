import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, Suspense, useEffect, useId, useRef, useState } from 'react'
import { useFactoryZone, useStatusCodes } from '../../api/core/app-config'
import { describeError } from '../../api/core/errors'
import { useWrite } from '../../api/core/use-write'
import { giveReason, splitStop } from '../../api/stops/stops'
import { STOPS_KEY } from '../../api/stops/stops-key'
import { useT } from '../../components/i18n'
import { LazyDetails } from '../../components/lazy-details'
import { rememberedName, rememberName } from '../../components/person-name'
import { KeptAs, onFloorDevice, pinRefusal, SignInFirst, useMe } from '../../components/signed-in'
import { Button } from '../../components/ui/button'
import { FIELD } from '../../components/ui/field-styles'
import { FormErrors } from '../../components/ui/form-errors'
import { TextAreaField } from '../../components/ui/text-area-field'
import { TextField } from '../../components/ui/text-field'
import { TimeField } from '../../components/ui/time-field'
import { MAX_WHO_NAME } from '../../components/who-fields'
import { lazyPart } from '../../components/with-messages'
import { durationInWords } from '../../lib/duration'
import { formatFactoryTime, localDateKey } from '../../lib/factory-time'
import { codeWords } from '../../lib/machine-state'
import { meaningLabel } from '../../lib/status-codes'
import type { StopPart } from '../../lib/stop-parts'
import { reasonName, type StopReason } from '../../lib/stop-reasons'
import { parseFactoryDateTime } from '../../lib/time-range'
import { ReasonSwatch } from './reason-swatch'
import { StopLogList } from './stop-log'
import { reasonWords, useStopSettings } from './use-stops'

// what the stop's own signs point at, offered first: loaded with the dialog, apart from the first load
const SuggestedReason = lazyPart(
  'src/features/stops/suggested-reason.tsx',
  () => import('./suggested-reason'),
  (module) => module.SuggestedReason,
)

/** What this browser gave, by part: a screen whose reason another person then changed says so. */
export const givenHere = new Map<string, string>()

/**
 * "Why did it stand?": the second tap. The reasons of the list by category as large buttons (a reason is
 * given on its tap; one that needs a comment asks for it first), who gives it (asked once per browser),
 * a split for a stop whose cause changed, and every change of the stop with who and when.
 */
export function ReasonDialog({
  part,
  machineName,
  onClose,
}: {
  part: StopPart
  machineName: string
  onClose: (given: string | null) => void
}) {
  const { t } = useT()
  const client = useQueryClient()
  const settings = useStopSettings()
  const codes = useStatusCodes()
  const timeZone = useFactoryZone()
  const [typed, setName] = useState(rememberedName)
  const me = useMe()
  // a signed-in person gives reasons as themselves; with accounts, no one else may
  const name = me?.person?.name ?? typed
  const onDevice = onFloorDevice(me)
  const signInNeeded = me?.accounts === true && !me.person && !onDevice
  const [pin, setPin] = useState('')
  // on a floor device: the reason tapped, waiting for the PIN of who gives it
  const [waitingPin, setWaitingPin] = useState<StopReason | null>(null)
  const pinField = useRef<HTMLInputElement>(null)
  const [askName, setAskName] = useState(() => rememberedName() === '')
  const [chosen, setChosen] = useState<StopReason | null>(null)
  const [comment, setComment] = useState('')
  const [notice, setNotice] = useState<string | null>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const nameField = useRef<HTMLInputElement>(null)
  const headingId = useId()
  useEffect(() => heading.current?.focus(), [])
  // Escape closes it, wherever the focus is inside
  const close = useRef(onClose)
  close.current = onClose
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') close.current(null)
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [])

  const give = useWrite({
    mutationFn: (reason: StopReason) =>
      giveReason({
        machineId: part.machineId,
        start: part.start,
        reason: reason.id,
        comment: comment.trim() || null,
        by: name.trim(),
        seen: part.source === 'person' ? part.reason : null,
        ...(onDevice ? { pin } : {}),
      }),
    onSuccess: async (answer, reason) => {
      if (!me?.person) rememberName(name.trim())
      givenHere.set(`${part.machineId}@${part.start}`, reason.id)
      await client.invalidateQueries({ queryKey: STOPS_KEY })
      if (answer.replaced) {
        const before = settings?.reasons.find((r) => r.id === answer.replaced!.reason)
        setNotice(
          t('stops.dialog.replaced', {
            name: answer.replaced.by,
            reason: before ? reasonName(before, t) : answer.replaced.reason,
            time: formatFactoryTime(answer.replaced.at, timeZone, false),
          }),
        )
      } else onClose(reasonName(reason, t))
    },
  })
  const [splitAt, setSplitAt] = useState('')
  const [splitProblem, setSplitProblem] = useState<string | null>(null)
  const split = useWrite({
    mutationFn: (at: number) =>
      splitStop({
        machineId: part.machineId,
        start: part.start,
        at,
        by: name.trim(),
        ...(onDevice ? { pin } : {}),
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: STOPS_KEY }),
  })

  const choose = (reason: StopReason) => {
    if (signInNeeded) return
    if (onDevice && !pin) {
      setWaitingPin(reason)
      pinField.current?.focus()
      return
    }
    if (!onDevice && !name.trim()) {
      setAskName(true)
      nameField.current?.focus()
      return
    }
    if (reason.needsComment && !comment.trim()) {
      setChosen(reason)
      return
    }
    give.mutate(reason)
  }
  const submitComment = (event: FormEvent) => {
    event.preventDefault()
    if (chosen && comment.trim() && name.trim()) give.mutate(chosen)
  }
  const submitSplit = (event: FormEvent) => {
    event.preventDefault()
    const day = localDateKey(Math.floor(part.start / 1000), timeZone)
    let at = parseFactoryDateTime(`${day}T${splitAt}`, timeZone)
    if (at !== null && at * 1000 <= part.start) at += 86_400
    if (at === null || at * 1000 <= part.start || at * 1000 >= part.end || !name.trim()) {
      setSplitProblem(
        name.trim()
          ? t('stops.dialog.splitOutside', { from: time(part.start), till: time(part.end) })
          : t('stops.dialog.nameFirst'),
      )
      return
    }
    setSplitProblem(null)
    split.mutate(at * 1000)
  }
  const time = (ms: number) => formatFactoryTime(ms, timeZone, false)
  const current = reasonWords(part, settings, t)
  const codeNames = part.codes.map((code) => {
    const meaning = code === null ? undefined : codes?.get(code)
    return meaning ? meaningLabel(meaning, t) : codeWords(code, t)
  })
  const inUse = settings?.reasons.filter((r) => !r.retired) ?? []
  const plannedOnly = (category: string) => {
    const of = inUse.filter((r) => r.category === category)
    return of.length > 0 && of.every((r) => r.planned)
  }
  const error = give.isError ? (pinRefusal(give.error, t) ?? describeError(give.error, t)) : null
  const button =
    'min-h-12 w-full rounded border border-gray-400 bg-white px-3 py-2 text-left font-semibold hover:bg-gray-100 aria-pressed:ring-4 aria-pressed:ring-blue-600 disabled:opacity-60 dark:border-gray-600 dark:bg-gray-900 dark:hover:bg-gray-800'
  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center bg-black/60 sm:items-center">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={headingId}
        className="max-h-[92vh] w-full overflow-y-auto rounded-t-xl bg-white p-4 text-gray-950 shadow-xl sm:max-w-2xl sm:rounded-xl dark:bg-gray-950 dark:text-gray-100"
      >
        <div className="flex items-start justify-between gap-2">
          <h2 id={headingId} ref={heading} tabIndex={-1} className="text-xl font-bold">
            {t('stops.dialog.title', { machine: machineName })}
          </h2>
          <Button variant="link" className="rounded px-3" onClick={() => onClose(null)}>
            {t('stops.dialog.close')}
          </Button>
        </div>
        <p>
          {part.ongoing
            ? t('stops.dialog.since', {
                from: time(part.start),
                duration: durationInWords((part.end - part.start) / 1000),
              })
            : t('stops.dialog.between', {
                from: time(part.start),
                till: time(part.end),
                duration: durationInWords((part.end - part.start) / 1000),
              })}
          {codeNames.length > 0 && ` · ${codeNames.join(', ')}`}
        </p>
        {current && (
          <p className="mt-1">
            {t('stops.dialog.now', { reason: current.line })}{' '}
            {part.source === 'rule' && t('stops.source.rule')}
            {part.source === 'inherited' && t('stops.source.inherited')}
            {part.source === 'planned' &&
              part.plannedUntil !== null &&
              t('stops.source.planned', { till: time(part.plannedUntil) })}
          </p>
        )}
        {notice && (
          <p role="status" className="mt-2 rounded bg-amber-100 p-2 text-gray-950">
            {notice}
          </p>
        )}
        {onDevice ? (
          <form
            className="mt-3 flex flex-wrap items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault()
              if (waitingPin && pin) choose(waitingPin)
            }}
          >
            <TextField
              label={t('who.pinOn', { device: me?.device?.name ?? '' })}
              className="flex flex-col"
              labelClassName="font-medium"
              inputClassName={`${FIELD} w-32`}
              ref={pinField}
              type="password"
              inputMode="numeric"
              autoComplete="off"
              maxLength={8}
              value={pin}
              onChange={setPin}
            />
            {waitingPin && (
              <Button type="submit" variant="primary" disabled={give.isPending || !pin}>
                {t('who.pinGive', { reason: reasonName(waitingPin, t) })}
              </Button>
            )}
          </form>
        ) : me?.person ? (
          <KeptAs me={{ ...me, person: me.person }} className="mt-3 text-sm" />
        ) : signInNeeded ? (
          <SignInFirst className="mt-3 rounded bg-amber-100 p-2 text-gray-950" />
        ) : askName ? (
          <TextField
            label={t('stops.dialog.yourName')}
            className="mt-3 flex flex-wrap items-center gap-2"
            labelClassName="font-medium"
            inputClassName={`${FIELD} w-48`}
            ref={nameField}
            required
            maxLength={MAX_WHO_NAME}
            autoComplete="name"
            value={name}
            onChange={setName}
          />
        ) : (
          <p className="mt-3 text-sm">
            {t('stops.dialog.givenAs', { name })}{' '}
            <Button variant="link" onClick={() => setAskName(true)}>
              {t('stops.dialog.notYou')}
            </Button>
          </p>
        )}
        {settings && (
          <Suspense fallback={null}>
            <SuggestedReason
              part={part}
              inUse={inUse}
              className={button}
              headingId={`${headingId}-suggested`}
              disabled={give.isPending}
              onChoose={choose}
            />
          </Suspense>
        )}
        {settings === undefined ? (
          <p className="mt-3">{t('stops.dialog.loading')}</p>
        ) : (
          // the floor's everyday reasons first, the planned ones last
          [...settings.categories]
            .sort((a, b) => Number(plannedOnly(a.id)) - Number(plannedOnly(b.id)))
            .map((category) => {
              const reasons = inUse.filter((r) => r.category === category.id)
              if (reasons.length === 0) return null
              return (
                <fieldset key={category.id} className="mt-3">
                  <legend className="font-semibold text-gray-700 dark:text-gray-300">
                    {reasonName(category, t)}
                  </legend>
                  <ul className="mt-1 grid gap-2 sm:grid-cols-2">
                    {reasons.map((reason) => (
                      <li key={reason.id}>
                        <button
                          type="button"
                          className={button}
                          aria-pressed={part.reason === reason.id}
                          disabled={give.isPending}
                          onClick={() => choose(reason)}
                        >
                          <ReasonSwatch reason={reason} />
                          {reasonName(reason, t)}
                          {reason.planned && (
                            <span className="font-normal"> · {t('stops.words.planned')}</span>
                          )}
                        </button>
                      </li>
                    ))}
                  </ul>
                </fieldset>
              )
            })
        )}
        {chosen && (
          <form className="mt-3 space-y-2" onSubmit={submitComment}>
            <TextAreaField
              label={t('stops.dialog.comment', { reason: reasonName(chosen, t) })}
              className="space-y-2"
              labelClassName="block font-medium"
              textAreaClassName="min-h-20 w-full rounded border border-gray-400 bg-white p-2 dark:border-gray-600 dark:bg-gray-900"
              required
              maxLength={500}
              value={comment}
              onChange={setComment}
            />
            <button
              type="submit"
              className={`${button} sm:w-auto`}
              disabled={give.isPending || !comment.trim()}
            >
              {t('stops.dialog.give')}
            </button>
          </form>
        )}
        <FormErrors errors={error} className="mt-2" />
        <details className="mt-4">
          <summary className="min-h-11 cursor-pointer py-2">{t('stops.dialog.splitTitle')}</summary>
          <form className="flex flex-wrap items-end gap-2" onSubmit={submitSplit}>
            {/* `contents`: the label, the field and the button side by side in the form's row */}
            <TimeField
              label={t('stops.dialog.splitAt')}
              className="contents"
              required
              value={splitAt}
              onChange={setSplitAt}
            />
            <Button type="submit" disabled={split.isPending}>
              {t('stops.dialog.split')}
            </Button>
          </form>
          <FormErrors errors={splitProblem ?? (split.isError ? describeError(split.error, t) : null)} />
          {split.isSuccess && <p role="status">{t('stops.dialog.splitDone')}</p>}
        </details>
        <LazyDetails className="mt-2" summary={t('stops.dialog.changes')}>
          {() => <StopLogList machineId={part.machineId} from={part.stopStart} till={part.end} />}
        </LazyDetails>
      </div>
    </div>
  )
}
