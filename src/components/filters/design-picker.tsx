import { useId, useState } from 'react'
import { useDesigns } from '../../api/machines/designs'
import { CONTROL } from '../form-styles'
import { useT } from '../i18n'

/** A design from the catalogue (GET /designs), with a search by name or ID that narrows the list. */
export function DesignPicker({
  value,
  required,
  onChange,
}: {
  value: string | null
  required: boolean
  onChange: (value: string | null) => void
}) {
  const { t } = useT()
  const designs = useDesigns()
  const id = useId()
  const [query, setQuery] = useState('')
  const records = (designs.data?.records ?? []).filter((d) => d.stitches !== null)
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean)
  // every word of the search in the name or the ID; the chosen design always stays in the list
  const shown = records.filter(
    (d) => d.id === value || words.every((w) => `${d.name ?? ''} ${d.id}`.toLowerCase().includes(w)),
  )
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="flex flex-col">
        <label htmlFor={`${id}-search`} className="text-sm">
          {t('designPicker.find')}
        </label>
        <input
          id={`${id}-search`}
          type="search"
          className={`${CONTROL} w-40`}
          value={query}
          placeholder={t('designPicker.findPlaceholder')}
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>
      <div className="flex flex-col">
        <label htmlFor={id} className="text-sm">
          {required ? t('designPicker.labelRequired') : t('designPicker.label')}
          {words.length > 0 && ` ${t('designPicker.shownOf', { shown: shown.length, all: records.length })}`}
        </label>
        <select
          id={id}
          className={`${CONTROL} max-w-xs`}
          value={value ?? ''}
          onChange={(e) => onChange(e.target.value || null)}
          disabled={designs.isPending}
        >
          <option value="">
            {designs.isPending
              ? t('designPicker.loading')
              : required
                ? t('designPicker.choose')
                : t('designPicker.all')}
          </option>
          {shown.map((d) => (
            <option key={d.id} value={d.id}>
              {d.name ?? d.id} · {t('designPicker.stitches', { count: d.stitches ?? 0 })}
            </option>
          ))}
        </select>
      </div>
    </div>
  )
}
