import { useT } from '../../components/i18n'
import { EditableList } from '../../components/ui/editable-list'
import { FIELD } from '../../components/ui/field-styles'
import { FormSection } from '../../components/ui/form-section'
import { NumberField } from '../../components/ui/number-field'
import { SelectField } from '../../components/ui/select-field'
import { TimeField } from '../../components/ui/time-field'
import { reasonName, type ShiftBreak, type StopReason } from '../../lib/stop-reasons'
import { type Change, type Draft, reasonsInUse } from './settings-draft'
import { HEADING } from './settings-sections'

/** A rule's or break's row: a line under each, its fields side by side. */
const ROWS = {
  className: 'mb-2 flex flex-col gap-2',
  rowClassName: 'border-b border-gray-200 pb-2 dark:border-gray-800',
  fieldsClassName: 'flex min-w-0 flex-wrap items-end gap-3',
} as const

/** The threshold: shorter stops need no reason. */
export function ThresholdSection({ draft, change }: { draft: Draft; change: Change }) {
  const { t } = useT()
  const minutes = Number(draft.threshold)
  return (
    <FormSection heading={t('stopSettings.thresholdHeading')} headingClassName={HEADING}>
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
    </FormSection>
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
    <SelectField label={t('stopSettings.reason')} value={value} onChange={onChange}>
      {!offered.some((r) => r.id === value) && (
        <option value={value}>
          {value === '' ? '—' : t('stopSettings.notInUse', { reason: known ? reasonName(known, t) : value })}
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
    </SelectField>
  )
}

/** Status codes that give a reason by themselves. */
export function CodeRulesSection({ draft, change }: { draft: Draft; change: Change }) {
  const { t } = useT()
  const offered = reasonsInUse(draft.reasons)
  const set = (i: number, patch: Partial<Draft['codeReasons'][number]>) =>
    change((d) => void Object.assign(d.codeReasons[i]!, patch))
  return (
    <FormSection heading={t('stopSettings.codesHeading')} headingClassName={HEADING}>
      <p className="mb-2">{t('stopSettings.codesIntro')}</p>
      {/* a rule is its place in the list (its code is being typed) */}
      <EditableList
        {...ROWS}
        items={draft.codeReasons}
        empty={<p className="mb-2">{t('stopSettings.noRules')}</p>}
        rowLabel={(_, i) => t('stopSettings.ruleN', { n: i + 1 })}
        removeText={() => t('stopSettings.remove')}
        removeLabel={(_, i) => t('stopSettings.removeRule', { n: i + 1 })}
        addText={t('stopSettings.addRule')}
        onAdd={() => change((d) => void d.codeReasons.push({ code: '', reason: offered[0]?.id ?? '' }))}
        onRemove={(i) => change((d) => void d.codeReasons.splice(i, 1))}
        renderRow={(rule, i, remove) => (
          <>
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
            {remove}
          </>
        )}
      />
    </FormSection>
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
  const offered = reasonsInUse(draft.reasons).filter((r) => r.planned)
  const set = (i: number, patch: Partial<ShiftBreak>) =>
    change((d) => void Object.assign(d.breaks[i]!, patch))
  return (
    <FormSection heading={t('stopSettings.breaksHeading')} headingClassName={HEADING}>
      <p className="mb-2">{t('stopSettings.breaksIntro')}</p>
      {/* a break is its place in the list */}
      <EditableList
        {...ROWS}
        items={draft.breaks}
        empty={<p className="mb-2">{t('stopSettings.noBreaks')}</p>}
        cannotAdd={shiftNames.length === 0 ? <p>{t('stopSettings.noShifts')}</p> : undefined}
        rowLabel={(_, i) => t('stopSettings.breakN', { n: i + 1 })}
        removeText={() => t('stopSettings.remove')}
        removeLabel={(_, i) => t('stopSettings.removeBreak', { n: i + 1 })}
        addText={t('stopSettings.addBreak')}
        onAdd={() =>
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
        onRemove={(i) => change((d) => void d.breaks.splice(i, 1))}
        renderRow={(b, i, remove) => (
          <>
            <SelectField
              label={t('stopSettings.shift')}
              className="flex flex-col"
              value={b.shift}
              onChange={(shift) => set(i, { shift })}
            >
              {!shiftNames.includes(b.shift) && (
                <option value={b.shift}>{t('stopSettings.notAShift', { shift: b.shift })}</option>
              )}
              {shiftNames.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </SelectField>
            <TimeField
              label={t('stopSettings.from')}
              className="flex flex-col"
              value={b.from}
              onChange={(from) => set(i, { from })}
            />
            <TimeField
              label={t('stopSettings.till')}
              className="flex flex-col"
              value={b.till}
              onChange={(till) => set(i, { till })}
            />
            <ReasonSelect
              value={b.reason}
              offered={offered}
              draft={draft}
              onChange={(reason) => set(i, { reason })}
            />
            {remove}
          </>
        )}
      />
    </FormSection>
  )
}
