import type { StopPart } from './stop-parts'
import type { StopReason } from './stop-reasons'

/** The reason a stop's own signs point at, offered first in the reason dialog, and why. */
export type ReasonSuggestion =
  | { reason: string; why: 'code'; code: number; label: string }
  | { reason: string; why: 'sign-off'; task: string; by: string; at: number }
  | { reason: string; why: 'breaks'; needle: number; count: number; minutes: number }

/** A status code's words that say the bobbin is being changed (the factory's STATUS_CODES labels; English,
 * German, Spanish). */
const BOBBIN_WORDS = /bobbin|unterfaden|spule|bobina|canilla/i
/** A sign-off this long after a stop ended is still of that stop (the task signed off once the machine ran). */
const AFTER_MS = 5 * 60_000
/** Breaks on one needle this many, within RUN_MS before a stop began (or its first minute), make a run: the
 * stop went on that needle's thread (thread makers: after three breaks in a row, stop and look). */
export const RUN_BREAKS = 3
export const RUN_MS = 10 * 60_000
const RUN_AFTER_MS = 60_000
/** Breaks of one needle on several heads this close together are one break (one stop). */
const ONE_BREAK_MS = 30_000

/**
 * What a stop's signs suggest, when no person gave it a reason yet:
 * - a maintenance task signed off on the machine during the stop (or just after): planned maintenance;
 * - a status code of the stop whose words name the bobbin: a bobbin change;
 * - a run of breaks on one needle just before it (RUN_BREAKS within RUN_MS): a thread-break repair.
 * Only reasons in use are suggested; null when nothing points anywhere.
 */
export function suggestReason(
  part: Pick<StopPart, 'machineId' | 'start' | 'end' | 'codes' | 'source'>,
  reasons: readonly StopReason[],
  labelOf: (code: number) => string | null,
  signOffs: ReadonlyArray<{ machineId: string; at: number; by: string; task: string }>,
  breaks: ReadonlyArray<{ machineId: string; at: number; needle: number }> = [],
): ReasonSuggestion | null {
  if (part.source === 'person') return null
  const inUse = (id: string) => reasons.some((r) => r.id === id && !r.retired)
  if (inUse('planned-maintenance')) {
    const done = signOffs.find(
      (s) => s.machineId === part.machineId && s.at >= part.start && s.at <= part.end + AFTER_MS,
    )
    if (done)
      return { reason: 'planned-maintenance', why: 'sign-off', task: done.task, by: done.by, at: done.at }
  }
  if (inUse('bobbin-change'))
    for (const code of part.codes) {
      const label = code === null ? null : labelOf(code)
      if (code !== null && label && BOBBIN_WORDS.test(label))
        return { reason: 'bobbin-change', why: 'code', code, label }
    }
  if (inUse('thread-break-repair')) {
    const byNeedle = new Map<number, number[]>()
    for (const b of breaks)
      if (
        b.machineId === part.machineId &&
        b.needle > 0 &&
        b.at >= part.start - RUN_MS &&
        b.at <= part.start + RUN_AFTER_MS
      )
        byNeedle.set(b.needle, [...(byNeedle.get(b.needle) ?? []), b.at])
    // several heads breaking on the needle at once are one break of it (one stop)
    const distinct = (times: number[]) =>
      times.sort((a, b) => a - b).filter((at, i, all) => i === 0 || at - all[i - 1]! >= ONE_BREAK_MS)
    const runs = [...byNeedle].map(([needle, times]) => [needle, distinct(times)] as const)
    const [needle, times] = runs.sort((a, b) => b[1].length - a[1].length || a[0] - b[0])[0] ?? []
    if (needle !== undefined && times && times.length >= RUN_BREAKS)
      return {
        reason: 'thread-break-repair',
        why: 'breaks',
        needle,
        count: times.length,
        minutes: Math.max(1, Math.ceil((Math.max(...times) - Math.min(...times)) / 60_000)),
      }
  }
  return null
}
