import type { MachineFacts } from '../../src/api/contract/to-domain'
import { clockMinutes } from '../../src/lib/clock'
import { addDays, localDate, localDateKey } from '../../src/lib/factory-time'
import { shiftWindow } from '../../src/lib/shift-window'
import type { ShiftBreak } from '../../src/lib/stop-reasons'
import type { NamedShift } from '../../src/lib/time-range'
import { hash } from '../demo/random'
import type { PlanStore } from './store'

/** The demo's targets ask a little more than the default (55 % of the set speed over the planned time,
 * against 50 %), so a first start shows a shift ahead or behind. */
const DEMO_SPEED_SHARE = 0.55
const DEMO_PEOPLE = ['Ana', 'Ben', 'Chiara', 'Deniz'] as const

const minutes = (s: string) => clockMinutes(s) ?? 0
/** a shift's length and its breaks' in minutes (a shift across midnight wraps) */
const length = (from: string, to: string) => (minutes(to) - minutes(from) + 1440) % 1440 || 1440

/**
 * The demo factory's plan, once: a target per shift for all machines and one for each location (stitches
 * and pieces, from the machines' set speeds, active heads and loaded designs) valid since the record
 * began, and rejects for each shift recorded and location (1–3 % of its piece target; the factory's the
 * locations' sum), entered by the demo's supervisors.
 */
export async function seedDemoPlan(
  store: PlanStore,
  machines: ReadonlyMap<string, MachineFacts>,
  shifts: readonly NamedShift[],
  breaks: readonly ShiftBreak[],
  timeZone: string,
  from: number,
  now: number,
): Promise<void> {
  if ((await store.targets()).length > 0 || machines.size === 0) return
  // the piece targets per shift and location (null: the factory)
  const targets = new Map<string, Map<number | null, number>>()
  const locations = [...new Set([...machines.values()].map((m) => m.locationId))]
  for (const shift of shifts) {
    const breakMinutes = breaks
      .filter((b) => b.shift === shift.name)
      .reduce((sum, b) => sum + length(b.from, b.till), 0)
    const planned = Math.max(0, length(shift.from, shift.to) - breakMinutes)
    const of = (part: readonly MachineFacts[]) => {
      let stitches = 0
      let pieces = 0
      for (const m of part) {
        if (m.setSpeed === null) continue
        const sewn = DEMO_SPEED_SHARE * m.setSpeed * planned
        stitches += sewn
        if (m.designStitches) pieces += (sewn / m.designStitches) * (m.activeHeads ?? m.heads ?? 1)
      }
      return { stitches: Math.round(stitches / 100_000) * 100_000, pieces: Math.round(pieces / 10) * 10 }
    }
    const byPart = new Map<number | null, number>()
    targets.set(shift.name, byPart)
    const parts: Array<[number | null, MachineFacts[]]> = [
      [null, [...machines.values()]],
      ...locations.flatMap(
        (id): Array<[number, MachineFacts[]]> =>
          id === null ? [] : [[id, [...machines.values()].filter((m) => m.locationId === id)]],
      ),
    ]
    for (const [id, part] of parts) {
      const target = of(part)
      byPart.set(id, target.pieces)
      await store.addTarget({
        shift: shift.name,
        weekday: null,
        scope: id === null ? { kind: 'all' } : { kind: 'location', id },
        pieces: target.pieces > 0 ? target.pieces : null,
        stitches: target.stitches > 0 ? target.stitches : null,
        validFrom: from,
        by: 'stitchboard demo',
        at: from,
      })
    }
  }
  // rejects of every shift that ended, entered a quarter of an hour after its end
  const last = localDate(Math.floor(now / 1000), timeZone)
  for (let day = localDate(Math.floor(from / 1000), timeZone); ; day = addDays(day, 1)) {
    for (const shift of shifts) {
      const [start, end] = shiftWindow(shift, day, timeZone)
      if (start * 1000 < from || end * 1000 + 15 * 60_000 > now) continue
      const byPart = targets.get(shift.name) ?? new Map<number | null, number>()
      const entry = { shift: shift.name, day: localDateKey(start, timeZone), at: end * 1000 + 15 * 60_000 }
      let factory = 0
      for (const [id, pieces] of byPart) {
        if (id === null) continue
        const roll = hash(shift.name, start + id)
        const rejects = Math.round((pieces * (1 + (roll % 21) / 10)) / 100)
        factory += rejects
        await store.addRejects({
          ...entry,
          locationId: id,
          rejects,
          by: DEMO_PEOPLE[roll % DEMO_PEOPLE.length]!,
        })
      }
      // without locations, the factory's own roll
      const roll = hash(shift.name, start)
      if (byPart.size === 1) factory = Math.round(((byPart.get(null) ?? 0) * (1 + (roll % 21) / 10)) / 100)
      await store.addRejects({
        ...entry,
        locationId: null,
        rejects: factory,
        by: DEMO_PEOPLE[roll % DEMO_PEOPLE.length]!,
      })
    }
    if (day.year === last.year && day.month === last.month && day.day === last.day) break
  }
}
