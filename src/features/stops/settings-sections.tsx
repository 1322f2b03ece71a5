import { type KeyboardEvent, useId, useState } from 'react'
import { CONTROL } from '../../components/form-styles'
import { useT } from '../../components/i18n'
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

export const FIELD = `${CONTROL} min-h-11`
const CHECK = 'flex min-h-11 items-center gap-2'
export const BUTTON = 'min-h-11 rounded border border-gray-400 px-3 disabled:opacity-60 dark:border-gray-600'
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

/** The reasons by category: each one's name, kind, colour, pattern, whether it needs a comment and
 * whether it is retired (never removed: its stops keep it), how many are in use, new reasons and
 * categories. */
export function ReasonsSection({ draft, change }: { draft: Draft; change: Change }) {
  const { t } = useT()
  const id = useId()
  const [newCategory, setNewCategory] = useState('')
  const inUse = reasonsInUse(draft.reasons).length
  const over = inUse > MAX_REASONS_IN_USE
  const addCategory = () => {
    if (!newCategory.trim() || draft.categories.length >= MAX_CATEGORIES) return
    const taken = new Set(draft.categories.map((c) => c.id))
    change(
      (d) => void d.categories.push({ id: idFrom(newCategory, taken, 'category'), name: newCategory.trim() }),
    )
    setNewCategory('')
  }
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4">
      <h2 id={id} className={HEADING}>
        {t('stopSettings.reasonsHeading')}
      </h2>
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
      <div className="flex flex-wrap items-end gap-2">
        {draft.categories.length < MAX_CATEGORIES ? (
          <>
            <label className="flex flex-col">
              {t('stopSettings.newCategory')}
              <input
                className={FIELD}
                value={newCategory}
                maxLength={MAX_NAME}
                onChange={(event) => setNewCategory(event.target.value)}
                onKeyDown={onEnter(addCategory)}
              />
            </label>
            <button type="button" className={BUTTON} disabled={!newCategory.trim()} onClick={addCategory}>
              {t('stopSettings.addCategory')}
            </button>
          </>
        ) : (
          <p>{t('stopSettings.maxCategories', { max: MAX_CATEGORIES })}</p>
        )}
      </div>
    </section>
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
  const id = useId()
  const [name, setName] = useState('')
  const words = reasonName(category, t)
  const add = () => {
    if (!name.trim()) return
    change((d) => void d.reasons.push(newReason(d, category.id, name)))
    setName('')
  }
  return (
    <section aria-labelledby={id} className="rounded border border-gray-300 p-3 dark:border-gray-700">
      <h3 id={id} className="mb-2 text-lg font-semibold">
        {words}
      </h3>
      <label className="mb-3 flex flex-col">
        {t('stopSettings.categoryName')}
        <input
          className={`${FIELD} max-w-full sm:w-72`}
          value={category.name ?? ''}
          placeholder={reasonName({ id: category.id, name: null }, t)}
          maxLength={MAX_NAME}
          onChange={(event) =>
            change((d) => {
              d.categories[index]!.name = event.target.value
            })
          }
        />
      </label>
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
      <div className="mt-3 flex flex-wrap items-end gap-2">
        <label className="flex flex-col">
          {t('stopSettings.newReason', { category: words })}
          <input
            className={FIELD}
            value={name}
            maxLength={MAX_NAME}
            onChange={(event) => setName(event.target.value)}
            onKeyDown={onEnter(add)}
          />
        </label>
        <button type="button" className={BUTTON} disabled={!name.trim()} onClick={add}>
          {t('stopSettings.addReason')}
        </button>
      </div>
    </section>
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
          <label className="flex min-w-0 flex-col">
            {t('stopSettings.reasonName')}
            <input
              className={`${FIELD} w-64 max-w-full`}
              value={reason.name ?? ''}
              placeholder={reasonName({ id: reason.id, name: null }, t)}
              maxLength={MAX_NAME}
              onChange={(event) => onChange({ name: event.target.value })}
            />
          </label>
          <label className="flex flex-col">
            {t('stopSettings.colour')}
            <input
              type="color"
              className={`${FIELD} w-16`}
              value={reason.colour}
              onChange={(event) => onChange({ colour: event.target.value })}
            />
          </label>
          <label className="flex flex-col">
            {t('stopSettings.pattern')}
            <select
              className={FIELD}
              value={reason.pattern}
              onChange={(event) => onChange({ pattern: event.target.value as ReasonPattern })}
            >
              {REASON_PATTERNS.map((pattern) => (
                <option key={pattern} value={pattern}>
                  {t(PATTERN_WORDS[pattern])}
                </option>
              ))}
            </select>
          </label>
          <label className={CHECK}>
            <input
              type="checkbox"
              className="size-5"
              checked={reason.planned}
              onChange={(event) => onChange({ planned: event.target.checked })}
            />
            {t('stopSettings.planned')}
          </label>
          <label className={CHECK}>
            <input
              type="checkbox"
              className="size-5"
              checked={reason.needsComment}
              onChange={(event) => onChange({ needsComment: event.target.checked })}
            />
            {t('stopSettings.needsComment')}
          </label>
          <label className={CHECK}>
            <input
              type="checkbox"
              className="size-5"
              checked={reason.retired}
              onChange={(event) => onChange({ retired: event.target.checked })}
            />
            {t('stopSettings.retired')}
          </label>
        </div>
      </fieldset>
    </li>
  )
}
