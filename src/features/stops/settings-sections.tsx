import { type KeyboardEvent, useState } from 'react'
import { useT } from '../../components/i18n'
import { Button } from '../../components/ui/button'
import { CheckboxField } from '../../components/ui/checkbox-field'
import { FIELD } from '../../components/ui/field-styles'
import { FormSection } from '../../components/ui/form-section'
import { SelectField } from '../../components/ui/select-field'
import { TextField } from '../../components/ui/text-field'
import {
  MAX_CATEGORIES,
  MAX_NAME,
  MAX_REASONS_IN_USE,
  REASON_PATTERNS,
  type ReasonCategory,
  type ReasonPattern,
  reasonName,
  type StopReason,
} from '../../lib/stop-reasons'
import { ReasonSwatch } from './reason-swatch'
import { type Change, type Draft, idFrom, newReason, reasonsInUse } from './settings-draft'

export const HEADING = 'mb-2 text-xl font-semibold'

/** The pattern's words (colour is never the only signal, so neither is the pattern's look). */
const PATTERN_WORDS = {
  solid: 'stopSettings.pattern.solid',
  stripes: 'stopSettings.pattern.stripes',
  dots: 'stopSettings.pattern.dots',
  cross: 'stopSettings.pattern.cross',
} as const satisfies Record<ReasonPattern, string>

/** Enter in a field that adds something adds it, rather than saving the whole form. */
const onEnter = (add: () => void) => (event: KeyboardEvent) => {
  if (event.key !== 'Enter') return
  event.preventDefault()
  add()
}

/** A new category's or reason's name and the button that adds it (Enter adds it too). */
function AddByName({
  label,
  button,
  onAdd,
  className,
}: {
  label: string
  button: string
  onAdd: (name: string) => void
  className: string
}) {
  const [name, setName] = useState('')
  const add = () => {
    if (!name.trim()) return
    onAdd(name)
    setName('')
  }
  return (
    <div className={className}>
      <TextField
        label={label}
        className="flex flex-col"
        value={name}
        maxLength={MAX_NAME}
        onChange={setName}
        onKeyDown={onEnter(add)}
      />
      <Button disabled={!name.trim()} onClick={add}>
        {button}
      </Button>
    </div>
  )
}

/** The reasons by category: each one's name, kind, colour, pattern, whether it needs a comment and
 * whether it is retired (never removed: its stops keep it), how many are in use, new reasons and
 * categories. */
export function ReasonsSection({ draft, change }: { draft: Draft; change: Change }) {
  const { t } = useT()
  const inUse = reasonsInUse(draft.reasons).length
  const over = inUse > MAX_REASONS_IN_USE
  const addCategory = (name: string) => {
    if (draft.categories.length >= MAX_CATEGORIES) return
    const taken = new Set(draft.categories.map((c) => c.id))
    change((d) => void d.categories.push({ id: idFrom(name, taken, 'category'), name: name.trim() }))
  }
  return (
    <FormSection
      heading={t('stopSettings.reasonsHeading')}
      headingClassName={HEADING}
      className="flex flex-col gap-4"
    >
      <p>{t('stopSettings.reasonsIntro')}</p>
      <p
        aria-live="polite"
        className={over ? 'font-semibold text-red-800 dark:text-red-300' : 'font-semibold'}
      >
        {over && <span aria-hidden="true">⚠ </span>}
        {t('stopSettings.inUse', { count: inUse, max: MAX_REASONS_IN_USE })}
        {over &&
          ` ${t('stopSettings.tooMany', { max: MAX_REASONS_IN_USE, over: inUse - MAX_REASONS_IN_USE })}`}
      </p>
      {draft.categories.map((category, i) => (
        <CategoryEditor key={category.id} category={category} index={i} draft={draft} change={change} />
      ))}
      {draft.categories.length < MAX_CATEGORIES ? (
        <AddByName
          className="flex flex-wrap items-end gap-2"
          label={t('stopSettings.newCategory')}
          button={t('stopSettings.addCategory')}
          onAdd={addCategory}
        />
      ) : (
        <div className="flex flex-wrap items-end gap-2">
          <p>{t('stopSettings.maxCategories', { max: MAX_CATEGORIES })}</p>
        </div>
      )}
    </FormSection>
  )
}

function CategoryEditor({
  category,
  index,
  draft,
  change,
}: {
  category: ReasonCategory
  index: number
  draft: Draft
  change: Change
}) {
  const { t } = useT()
  const words = reasonName(category, t)
  return (
    <FormSection
      heading={words}
      level={3}
      headingClassName="mb-2 text-lg font-semibold"
      className="rounded border border-gray-300 p-3 dark:border-gray-700"
    >
      <TextField
        label={t('stopSettings.categoryName')}
        className="mb-3 flex flex-col"
        inputClassName={`${FIELD} sm:w-72`}
        value={category.name ?? ''}
        placeholder={reasonName({ id: category.id, name: null }, t)}
        maxLength={MAX_NAME}
        onChange={(name) =>
          change((d) => {
            d.categories[index]!.name = name
          })
        }
      />
      <ul className="flex flex-col gap-3">
        {draft.reasons.map((reason, i) =>
          reason.category === category.id ? (
            <ReasonEditor
              key={reason.id}
              reason={reason}
              onChange={(patch) => change((d) => void Object.assign(d.reasons[i]!, patch))}
            />
          ) : null,
        )}
      </ul>
      <AddByName
        className="mt-3 flex flex-wrap items-end gap-2"
        label={t('stopSettings.newReason', { category: words })}
        button={t('stopSettings.addReason')}
        onAdd={(name) => change((d) => void d.reasons.push(newReason(d, category.id, name)))}
      />
    </FormSection>
  )
}

function ReasonEditor({
  reason,
  onChange,
}: {
  reason: StopReason
  onChange: (patch: Partial<StopReason>) => void
}) {
  const { t } = useT()
  const marks = [
    reason.planned ? t('stops.words.planned') : t('stopSettings.unplanned'),
    ...(reason.retired ? [t('stopSettings.retiredWord')] : []),
  ]
  return (
    <li>
      <fieldset className="min-w-0 rounded border border-gray-200 p-2 dark:border-gray-800">
        <legend className={`px-1 font-semibold ${reason.retired ? 'text-gray-600 dark:text-gray-400' : ''}`}>
          <ReasonSwatch reason={reason} />
          {reasonName(reason, t)} <span className="font-normal">· {marks.join(' · ')}</span>
        </legend>
        <div className="flex flex-wrap items-end gap-x-4 gap-y-2">
          <TextField
            label={t('stopSettings.reasonName')}
            inputClassName={`${FIELD} w-64`}
            value={reason.name ?? ''}
            placeholder={reasonName({ id: reason.id, name: null }, t)}
            maxLength={MAX_NAME}
            onChange={(name) => onChange({ name })}
          />
          <TextField
            label={t('stopSettings.colour')}
            type="color"
            className="flex flex-col"
            inputClassName={`${FIELD} w-16`}
            value={reason.colour}
            onChange={(colour) => onChange({ colour })}
          />
          <SelectField
            label={t('stopSettings.pattern')}
            className="flex flex-col"
            value={reason.pattern}
            onChange={(pattern) => onChange({ pattern: pattern as ReasonPattern })}
          >
            {REASON_PATTERNS.map((pattern) => (
              <option key={pattern} value={pattern}>
                {t(PATTERN_WORDS[pattern])}
              </option>
            ))}
          </SelectField>
          <CheckboxField
            inputClassName="size-5"
            label={t('stopSettings.planned')}
            checked={reason.planned}
            onChange={(planned) => onChange({ planned })}
          />
          <CheckboxField
            inputClassName="size-5"
            label={t('stopSettings.needsComment')}
            checked={reason.needsComment}
            onChange={(needsComment) => onChange({ needsComment })}
          />
          <CheckboxField
            inputClassName="size-5"
            label={t('stopSettings.retired')}
            checked={reason.retired}
            onChange={(retired) => onChange({ retired })}
          />
        </div>
      </fieldset>
    </li>
  )
}
