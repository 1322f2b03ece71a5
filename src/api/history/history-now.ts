import type * as z from 'zod/mini'
import type { HistoryInfo, Machine, RecordList } from '../../lib/domain'
import { getJson, lazySchemas } from '../core/http'

/* What every machine does now and since when, for the board and the wall: apart from the timelines
 * (history.ts), which only the timeline pages load. */

export const historyNowSchemas = lazySchemas((z) => {
  /** GET /api/history/now (stitchboard's own server, issue 18): what every machine does now and since when. */
  const historyNow = z.object({
    recordingSince: z.nullable(z.number()),
    problem: z.nullable(z.string()),
    machines: z.array(
      z.object({
        id: z.string(),
        code: z.nullable(z.number()),
        turning: z.boolean(),
        reporting: z.boolean(),
        since: z.number(),
        atLeast: z.boolean(),
      }),
    ),
  })
  const unavailable = z.object({ available: z.literal(false), reason: z.string() })
  return { historyNow, answer: z.union([unavailable, historyNow]) }
})
export type HistoryNow =
  | z.infer<Awaited<ReturnType<typeof historyNowSchemas>>['historyNow']>
  | { unavailable: string }

/** The history now; a server without one (starting, no database) or a failed request is said, not thrown:
 * the machines are complete without it. */

export async function fetchHistoryNow(signal?: AbortSignal): Promise<HistoryNow> {
  try {
    const answer = await getJson('/api/history/now', () => historyNowSchemas().then((s) => s.answer), signal)
    return 'reason' in answer ? { unavailable: answer.reason } : answer
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error
    return { unavailable: error instanceof Error ? error.message : String(error) }
  }
}

/** The machines with their time in state: the history's open interval counts only while it says what the
 * record says (same code, turning or not, reporting), else the change is newer than the history's last poll. */
export function withTimeInState(
  list: RecordList<Machine>,
  history: HistoryNow,
): RecordList<Machine> & { history: HistoryInfo } {
  if ('unavailable' in history) return { ...list, history: { available: false, reason: history.unavailable } }
  const byId = new Map(history.machines.map((m) => [m.id, m]))
  const records = list.records.map((machine) => {
    const entry = byId.get(machine.id)
    const turning = machine.liveRpm !== null && machine.liveRpm > 0
    if (!entry?.reporting || entry.code !== machine.statusCode || entry.turning !== turning) return machine
    return { ...machine, stateSince: { at: entry.since, atLeast: entry.atLeast } }
  })
  return {
    records,
    malformed: list.malformed,
    history: { available: true, recordingSince: history.recordingSince, problem: history.problem },
  }
}
