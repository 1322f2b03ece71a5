import type { ThreadbreakCount } from './domain'
import type { Place } from './hot-spots'
import type { Translator } from './i18n/translator'

/** Breaks at a flagged place (a cell, a whole head or a whole needle) in other rows: the same place in
 * the range before, for the trend. Rows without a head or needle (grouped by the other) count where the
 * place leaves that side open. */
export function breaksAt(
  rows: readonly ThreadbreakCount[],
  place: Pick<Place, 'head' | 'needle'> & { machineId: string },
): number {
  let sum = 0
  for (const row of rows)
    if (
      row.machineId === place.machineId &&
      (place.head === null || row.head === place.head) &&
      (place.needle === null || row.needle === place.needle)
    )
      sum += row.count
  return sum
}

/** Breaks per machine in rows (the range before, for the trend). */
export function breaksByMachine(rows: readonly ThreadbreakCount[]): Map<string, number> {
  const totals = new Map<string, number>()
  for (const row of rows) totals.set(row.machineId, (totals.get(row.machineId) ?? 0) + row.count)
  return totals
}

/** A count against the same count in the range before, in words: "up from 4", "down from 9", "as many
 * as before". */
export function trendInWords(now: number, before: number, t: Translator['t']): string {
  if (now === before) return t('app.trend.same')
  return now > before ? t('app.trend.up', { before }) : t('app.trend.down', { before })
}
