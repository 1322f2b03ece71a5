import { useId } from 'react'
import { useT } from '../../components/i18n'
import { NumberField } from '../../components/number-field'
import { reasonName, type ShiftBreak, type StopReason } from '../../lib/stop-reasons'
import { type Change, type Draft, reasonsInUse } from './settings-draft'
import { BUTTON, FIELD, HEADING } from './settings-sections'

const ROW = 'border-b border-gray-200 pb-2 dark:border-gray-800'
const ROW_FIELDS = 'flex min-w-0 flex-wrap items-end gap-3'

/** The threshold: shorter stops need no reason. */
export function ThresholdSection({ draft, change }: { draft: Draft; change: Change }) {
  const { t } = useT()
  const id = useId()
  const minutes = Number(draft.threshold)
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className={HEADING}>
        {t('stopSettings.thresholdHeading')}
      </h2>
      <NumberField
        label={t('stopSettings.threshold')}
        value={draft.threshold}
        min={0}
        max={240}
        step="any"
        inputClassName={`${FIELD} w-32`}
        onChange={(text) =>
          change((d) => {
            d.threshold = text
          })
        }
      />
      {draft.threshold.trim() !== '' && Number.isFinite(minutes) && minutes >= 0 && minutes <= 240 && (
        <p className="mt-1">{t('stopSettings.thresholdNow', { minutes })}</p>
      )}
    </section>
  )
}

/** A labelled select of `offered` reasons by category; a value not among them (retired, or not planned)
 * is shown as such, so the form says what would be saved. */
function ReasonSelect({
  value,
  offered,
  draft,
  onChange,
}: {
  value: string
  offered: readonly StopReason[]
  draft: Draft
  onChange: (id: string) => void
}) {
  const { t } = useT()
  const known = draft.reasons.find((r) => r.id === value)
  return (
    <label className="flex min-w-0 flex-col">
      {t('stopSettings.reason')}
      <select
        className={`${FIELD} max-w-full`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {!offered.some((r) => r.id === value) && (
          <option value={value}>
            {value === ''
              ? '—'
              : t('stopSettings.notInUse', { reason: known ? reasonName(known, t) : value })}
          </option>
        )}
        {draft.categories.map((c) => {
          const reasons = offered.filter((r) => r.category === c.id)
          return reasons.length === 0 ? null : (
            <optgroup key={c.id} label={reasonName(c, t)}>
              {reasons.map((r) => (
                <option key={r.id} value={r.id}>
                  {reasonName(r, t)}
                </option>
              ))}
            </optgroup>
          )
        })}
      </select>
    </label>
  )
}

/** Status codes that give a reason by themselves. */
export function CodeRulesSection({ draft, change }: { draft: Draft; change: Change }) {
  const { t } = useT()
  const id = useId()
  const offered = reasonsInUse(draft.reasons)
  const set = (i: number, patch: Partial<Draft['codeReasons'][number]>) =>
    change((d) => void Object.assign(d.codeReasons[i]!, patch))
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className={HEADING}>
        {t('stopSettings.codesHeading')}
      </h2>
      <p className="mb-2">{t('stopSettings.codesIntro')}</p>
      {draft.codeReasons.length === 0 ? (
        <p className="mb-2">{t('stopSettings.noRules')}</p>
      ) : (
        <ul className="mb-2 flex flex-col gap-2">
          {draft.codeReasons.map((rule, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a rule is its place in the list (its code is being typed)
            <li key={i} className={ROW}>
              <fieldset className={ROW_FIELDS}>
                <legend className="sr-only">{t('stopSettings.ruleN', { n: i + 1 })}</legend>
                <NumberField
                  label={t('stopSettings.code')}
                  value={rule.code}
                  min={0}
                  step={1}
                  inputClassName={`${FIELD} w-32`}
                  onChange={(code) => set(i, { code })}
                />
                <ReasonSelect
                  value={rule.reason}
                  offered={offered}
                  draft={draft}
                  onChange={(reason) => set(i, { reason })}
                />
                <button
                  type="button"
                  className={BUTTON}
                  aria-label={t('stopSettings.removeRule', { n: i + 1 })}
                  onClick={() => change((d) => void d.codeReasons.splice(i, 1))}
                >
                  {t('stopSettings.remove')}
                </button>
              </fieldset>
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className={BUTTON}
        onClick={() => change((d) => void d.codeReasons.push({ code: '', reason: offered[0]?.id ?? '' }))}
      >
        {t('stopSettings.addRule')}
      </button>
    </section>
  )
}

/** Each shift's recurring breaks, with a planned reason. */
export function BreaksSection({
  draft,
  change,
  shiftNames,
}: {
  draft: Draft
  change: Change
  shiftNames: readonly string[]
}) {
  const { t } = useT()
  const id = useId()
  const offered = reasonsInUse(draft.reasons).filter((r) => r.planned)
  const set = (i: number, patch: Partial<ShiftBreak>) =>
    change((d) => void Object.assign(d.breaks[i]!, patch))
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className={HEADING}>
        {t('stopSettings.breaksHeading')}
      </h2>
      <p className="mb-2">{t('stopSettings.breaksIntro')}</p>
      {draft.breaks.length === 0 ? (
        <p className="mb-2">{t('stopSettings.noBreaks')}</p>
      ) : (
        <ul className="mb-2 flex flex-col gap-2">
          {draft.breaks.map((b, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a break is its place in the list
            <li key={i} className={ROW}>
              <fieldset className={ROW_FIELDS}>
                <legend className="sr-only">{t('stopSettings.breakN', { n: i + 1 })}</legend>
                <label className="flex flex-col">
                  {t('stopSettings.shift')}
                  <select
                    className={FIELD}
                    value={b.shift}
                    onChange={(event) => set(i, { shift: event.target.value })}
                  >
                    {!shiftNames.includes(b.shift) && (
                      <option value={b.shift}>{t('stopSettings.notAShift', { shift: b.shift })}</option>
                    )}
                    {shiftNames.map((name) => (
                      <option key={name} value={name}>
                        {name}
                      </option>
                    ))}
                  </select>
                </label>
                <label className="flex flex-col">
                  {t('stopSettings.from')}
                  <input
                    type="time"
                    className={FIELD}
                    value={b.from}
                    onChange={(event) => set(i, { from: event.target.value })}
                  />
                </label>
                <label className="flex flex-col">
                  {t('stopSettings.till')}
                  <input
                    type="time"
                    className={FIELD}
                    value={b.till}
                    onChange={(event) => set(i, { till: event.target.value })}
                  />
                </label>
                <ReasonSelect
                  value={b.reason}
                  offered={offered}
                  draft={draft}
                  onChange={(reason) => set(i, { reason })}
                />
                <button
                  type="button"
                  className={BUTTON}
                  aria-label={t('stopSettings.removeBreak', { n: i + 1 })}
                  onClick={() => change((d) => void d.breaks.splice(i, 1))}
                >
                  {t('stopSettings.remove')}
                </button>
              </fieldset>
            </li>
          ))}
        </ul>
      )}
      {shiftNames.length === 0 ? (
        <p>{t('stopSettings.noShifts')}</p>
      ) : (
        <button
          type="button"
          className={BUTTON}
          onClick={() =>
            change(
              (d) =>
                void d.breaks.push({
                  shift: shiftNames[0]!,
                  from: '',
                  till: '',
                  reason: offered[0]?.id ?? '',
                }),
            )
          }
        >
          {t('stopSettings.addBreak')}
        </button>
      )}
    </section>
  )
}
