import { withParam } from '../../lib/filters'
import type { MessageKey } from '../../lib/i18n/translator'

/** What "each shift per day" can count, and where the figure comes from (messages). */
export const DAY_METRICS = [
  { key: 'threadbreaks', label: 'shifts.figure.threadbreaks', source: 'shifts.source.threadbreaks' },
  { key: 'stitches', label: 'shifts.figure.stitches', source: 'shifts.source.machineSummary' },
  { key: 'pieces', label: 'shifts.figure.pieces', source: 'shifts.source.machineSummary' },
] as const satisfies ReadonlyArray<{ key: string; label: MessageKey; source: MessageKey }>
export type DayMetric = (typeof DAY_METRICS)[number]['key']

/** The days and the figure "each shift per day" shows, from the address: anything it does not know
 * is the default (7 days, thread breaks). */
export function dayChoiceOf(search: URLSearchParams): { days: 7 | 30; metric: DayMetric } {
  const metric = search.get('metric')
  return {
    days: search.get('days') === '30' ? 30 : 7,
    metric: DAY_METRICS.some((m) => m.key === metric) ? (metric as DayMetric) : 'threadbreaks',
  }
}

/** The address with the chosen days; the default leaves no parameter behind. */
export const withDays = (search: URLSearchParams, value: string) =>
  withParam(search, 'days', value === '30' ? '30' : null)

/** The address with the chosen figure; the default leaves no parameter behind. */
export const withMetric = (search: URLSearchParams, value: string) =>
  withParam(search, 'metric', value === 'threadbreaks' ? null : value)
