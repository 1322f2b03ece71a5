import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { useAppConfig } from '../../api/core/app-config'
import { useLocations } from '../../api/machines/locations'
import { machinesQueryOptions } from '../../api/machines/machines'
import { RANGE_LABELS, RANGE_PRESETS, type RangePreset } from '../../lib/time-range'
import { CONTROL } from '../form-styles'
import { useT } from '../i18n'
import { useKiosk } from '../kiosk/kiosk-context'
import { useFilters } from './use-filters'

/** The shared filters: time range, shift, location, machines. Every change goes into the URL. */
export function FilterBar({
  show = ['range', 'shift', 'location', 'machines'],
}: {
  show?: Array<'range' | 'shift' | 'location' | 'machines'>
}) {
  const { t } = useT()
  const { filters, setFilters } = useFilters()
  const config = useAppConfig()
  const machines = useQuery(machinesQueryOptions())
  const id = useId()
  const kiosk = useKiosk()
  const locations = useLocations().locations.map((l) => [l.id, l.name] as const)
  const chosen = new Set(filters.machines)
  const visibleMachines = (machines.data?.records ?? []).filter(
    (m) => !filters.location || m.locationId === filters.location,
  )

  if (kiosk.on) return null
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      aria-label={t('app.filters.label')}
      onSubmit={(e) => e.preventDefault()}
    >
      {show.includes('range') && (
        <div className="flex flex-col">
          <label htmlFor={`${id}-range`} className="text-sm">
            {t('app.filters.range')}
          </label>
          <select
            id={`${id}-range`}
            className={CONTROL}
            value={filters.range.preset}
            onChange={(e) => setFilters({ range: { preset: e.target.value as RangePreset } })}
          >
            {RANGE_PRESETS.map((preset) => (
              <option key={preset} value={preset}>
                {t(RANGE_LABELS[preset])}
              </option>
            ))}
          </select>
        </div>
      )}
      {show.includes('range') &&
        filters.range.preset === 'custom' &&
        (['from', 'till'] as const).map((bound) => (
          <div key={bound} className="flex flex-col">
            <label htmlFor={`${id}-${bound}`} className="text-sm">
              {bound === 'from' ? t('app.filters.from') : t('app.filters.until')}
            </label>
            <input
              id={`${id}-${bound}`}
              type="datetime-local"
              className={CONTROL}
              value={filters.range[bound] ?? ''}
              onChange={(e) => setFilters({ range: { ...filters.range, [bound]: e.target.value } })}
            />
          </div>
        ))}
      {show.includes('shift') && (
        <div className="flex flex-col">
          <label htmlFor={`${id}-shift`} className="text-sm">
            {t('app.filters.shift')}
          </label>
          <select
            id={`${id}-shift`}
            className={CONTROL}
            value={filters.shift ?? ''}
            onChange={(e) => setFilters({ shift: e.target.value || null })}
          >
            <option value="">{t('app.filters.allShifts')}</option>
            {config.data?.shifts.map((s) => (
              <option key={s.name} value={s.name}>
                {s.name} ({s.from}–{s.to})
              </option>
            ))}
          </select>
        </div>
      )}
      {show.includes('location') && (
        <div className="flex flex-col">
          <label htmlFor={`${id}-location`} className="text-sm">
            {t('app.filters.location')}
          </label>
          <select
            id={`${id}-location`}
            className={CONTROL}
            value={filters.location ?? ''}
            onChange={(e) =>
              setFilters({ location: e.target.value ? Number(e.target.value) : null, machines: [] })
            }
          >
            <option value="">{t('app.filters.allLocations')}</option>
            {locations.map(([locationId, name]) => (
              <option key={locationId} value={locationId}>
                {name}
              </option>
            ))}
          </select>
        </div>
      )}
      {show.includes('machines') && (
        <details className="relative">
          <summary className={`${CONTROL} cursor-pointer list-none`}>
            {filters.machines.length
              ? t('app.filters.machinesChosen', { count: filters.machines.length })
              : t('app.filters.machinesAll')}
          </summary>
          {/* on a phone the list spans the screen (it would open past its right edge under the button) */}
          <fieldset className="absolute z-10 mt-1 max-h-80 w-72 overflow-auto rounded border border-gray-400 bg-white p-2 shadow-lg max-sm:fixed max-sm:inset-x-4 max-sm:max-h-[60vh] max-sm:w-auto dark:border-gray-600 dark:bg-gray-900">
            <legend className="sr-only">{t('app.filters.machines')}</legend>
            <button
              type="button"
              className="mb-1 text-sm underline"
              onClick={() => setFilters({ machines: [] })}
            >
              {t('app.filters.allMachines')}
            </button>
            {visibleMachines.map((m) => (
              <label key={m.id} className="flex items-center gap-2 py-0.5">
                <input
                  type="checkbox"
                  checked={chosen.has(m.id)}
                  onChange={(e) =>
                    setFilters({
                      machines: e.target.checked
                        ? [...filters.machines, m.id]
                        : filters.machines.filter((x) => x !== m.id),
                    })
                  }
                />
                {m.name}
              </label>
            ))}
          </fieldset>
        </details>
      )}
    </form>
  )
}
