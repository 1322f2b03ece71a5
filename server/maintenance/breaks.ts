import { breaksByHeadOf } from '../../src/api/contract/to-domain'
import type { BreaksSince } from '../../src/lib/maintenance'

/** How long a machine's count of breaks since a time is kept before it is asked again. */
const KEEP_MS = 60_000
/** Counts asked of the production API at once, and at most per board: the rest keep their last count, or
 * are unknown (the page says so) until the next. */
const AT_ONCE = 4
const MAX_ASKS = 200
/** Counts kept at most (a machine and a time each). */
const MAX_KEPT = 2_000

/** The thread breaks of each machine's heads since a time (a task's last sign-off), for the tasks due every
 * so many breaks: from the production API's breaks by head and needle (GET /reports/threadbreaks, one
 * machine, from that time till now), each kept a minute. `count(wanted)` brings in what is wanted and
 * answers from what it has: a count that cannot be read keeps its last value, or is unknown. */
export function breakCounter(upstreamJson: (path: string) => Promise<unknown>, now: () => number) {
  const kept = new Map<string, { at: number; heads: Map<number, number> }>()
  const key = (machineId: string, since: number) => `${machineId} ${since}`
  const ask = async (machineId: string, since: number, at: number) => {
    const answer = await upstreamJson(
      `/reports/threadbreaks?from=${Math.floor(since / 1000)}&till=${Math.ceil(at / 1000)}&machineIds=${encodeURIComponent(machineId)}`,
    )
    // an answer that is no list of rows, or has rows that cannot be read, counts nothing: the last count
    // stands, or none is known (never a count too low)
    const read = breaksByHeadOf(answer)
    if (!read) throw new Error('the production API answered no list of breaks')
    if (read.unreadable > 0) throw new Error(`${read.unreadable} rows of breaks could not be read`)
    kept.delete(key(machineId, since))
    kept.set(key(machineId, since), { at, heads: read.heads.get(machineId) ?? new Map() })
    // the oldest asked go first (a Map keeps the order of insertion)
    for (const old of kept.keys()) {
      if (kept.size <= MAX_KEPT) break
      kept.delete(old)
    }
  }
  // one ask of a count at a time: boards asked together (a wall, a page, the alert rule) share it
  const inFlight = new Map<string, Promise<void>>()
  const asking = (machineId: string, since: number, at: number) => {
    const k = key(machineId, since)
    const running = inFlight.get(k)
    if (running) return running
    const asked = ask(machineId, since, at).finally(() => inFlight.delete(k))
    inFlight.set(k, asked)
    return asked
  }
  return async (wanted: ReadonlyArray<{ machineId: string; since: number }>): Promise<BreaksSince> => {
    const at = now()
    const due = [...new Map(wanted.map((w) => [key(w.machineId, w.since), w])).values()]
      .filter((w) => {
        const have = kept.get(key(w.machineId, w.since))
        return !have || at - have.at >= KEEP_MS || at < have.at
      })
      .slice(0, MAX_ASKS)
    for (let i = 0; i < due.length; i += AT_ONCE)
      await Promise.all(
        due.slice(i, i + AT_ONCE).map((w) =>
          asking(w.machineId, w.since, at).catch(() => {
            // the last count stands, or none: unknown, said so
          }),
        ),
      )
    return (machineId, heads, since) => {
      const have = kept.get(key(machineId, since))
      if (!have) return null
      let sum = 0
      for (const [head, count] of have.heads) if (heads === null || heads.includes(head)) sum += count
      return sum
    }
  }
}

export type BreakCounter = ReturnType<typeof breakCounter>
