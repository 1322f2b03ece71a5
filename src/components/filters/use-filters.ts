import { useQuery } from '@tanstack/react-query'
import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import { useAppConfig } from '../../api/core/app-config'
import { machinesQueryOptions } from '../../api/machines/machines'
import type { ReportParams } from '../../api/vendor-reports/report-params'
import { type Filters, filtersFromSearch, searchWithFilters } from '../../lib/filters'
import { type ResolvedRange, resolveRange } from '../../lib/time-range'
import { useT } from '../i18n'
import { useNow } from '../now'

/** The shared filters from the URL, and a setter that writes them back (kept in history). */
export function useFilters() {
  const [search, setSearch] = useSearchParams()
  const filters = useMemo(() => filtersFromSearch(search), [search])
  const setFilters = useCallback(
    (patch: Partial<Filters>) =>
      setSearch((current) => searchWithFilters(current, { ...filtersFromSearch(current), ...patch })),
    [setSearch],
  )
  return { filters, setFilters }
}

/** The filters as report parameters, resolved in the factory timezone at the app's minute tick. */
export function useReportScope():
  | { status: 'loading' }
  | { status: 'error'; error: string }
  | { status: 'ready'; range: ResolvedRange; params: ReportParams } {
  const { filters } = useFilters()
  const config = useAppConfig()
  // a report that takes machines but no location is asked for the location's machines
  const machines = useQuery({ ...machinesQueryOptions(), enabled: filters.location !== null })
  const now = useNow()
  const { t } = useT()
  const locationMachineIds = useMemo(
    () =>
      filters.location === null
        ? undefined
        : machines.data?.records.filter((m) => m.locationId === filters.location).map((m) => m.id),
    [filters.location, machines.data],
  )
  return useMemo(() => {
    if (!config.data) return { status: 'loading' as const }
    if (filters.location !== null && !locationMachineIds) {
      if (machines.isError) return { status: 'error' as const, error: t('app.filters.locationUnreadable') }
      return { status: 'loading' as const }
    }
    const { timeZone, shifts } = config.data
    const range = resolveRange(filters.range, now, timeZone, shifts)
    if ('error' in range) return { status: 'error' as const, error: t(range.error) }
    const shift = shifts.find((s) => s.name === filters.shift) ?? null
    const params: ReportParams = {
      from: range.from,
      till: range.till,
      machineIds: filters.machines,
      ...(filters.location ? { locationId: filters.location, locationMachineIds } : {}),
      ...(shift ? { shift: { from: shift.from, to: shift.to } } : {}),
    }
    return { status: 'ready' as const, range, params }
  }, [config.data, filters, now, locationMachineIds, machines.isError, t])
}
