import type { Machine, MachineSummary } from '../../lib/domain'
import { boardState, type StatusDictionary } from '../../lib/machine-state'
import { naturalCompare } from '../../lib/natural-order'
import type { StatusMeaning } from '../../lib/status-codes'

/** One vendor status code: what the dictionary says, who shows it now, how much of the range it took. */
export interface CodeUsage {
  code: number
  meaning: StatusMeaning | null
  /** names of the reporting machines whose record carries this code now */
  machinesNow: string[]
  /** seconds in the range over all machines in scope (machine-summary), null while unknown */
  seconds: number | null
  /** share of all status time in the range, 0–1, null while unknown */
  share: number | null
}

/** Every code in the dictionary, on a machine now or in the range's status breakdown, most time first.
 * A machine that is not reporting shows no code now (its last one is old news). */
export function codeUsage(
  codes: StatusDictionary,
  machines: readonly Machine[],
  summary: readonly MachineSummary[] | undefined,
  now: number,
): CodeUsage[] {
  const all = new Set<number>(codes.keys())
  const showing = new Map<number, string[]>()
  for (const m of machines) {
    if (m.statusCode === null || boardState(m, now, codes) === 'not-reporting') continue
    all.add(m.statusCode)
    showing.set(m.statusCode, [...(showing.get(m.statusCode) ?? []), m.name])
  }
  const seconds = new Map<number, number>()
  let total = 0
  for (const row of summary ?? [])
    for (const [code, s] of row.secondsByStatus) {
      all.add(code)
      seconds.set(code, (seconds.get(code) ?? 0) + s)
      total += s
    }
  return [...all]
    .map((code) => {
      const s = summary ? (seconds.get(code) ?? 0) : null
      return {
        code,
        meaning: codes.get(code) ?? null,
        machinesNow: (showing.get(code) ?? []).sort((a, b) => naturalCompare(a, b)),
        seconds: s,
        share: s === null || total === 0 ? null : s / total,
      }
    })
    .sort(
      (a, b) =>
        (b.seconds ?? -1) - (a.seconds ?? -1) ||
        b.machinesNow.length - a.machinesNow.length ||
        a.code - b.code,
    )
}
