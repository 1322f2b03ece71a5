import type { ThreadbreakEvent } from '../../src/lib/domain'
import type { Oee } from '../../src/lib/plan'
import type { PartPlan } from '../../src/lib/shift-plan'
import {
  type AlertFigures,
  addedUp,
  type HotSpotFigures,
  type MaintenanceFigures,
  type OrderFigures,
  type PartFigures,
  type PartSums,
  type ReportFigures,
} from '../../src/lib/shift-report-figures'
import { explainedOf, type ReasonTotal } from '../../src/lib/stop-figures'
import type { ShiftDetails } from '../plan/results'
import type { StoredReport } from './store'

/** The best and the worst machines a report names. */
const RANKED = 3
/** A machine is ranked when it ran at least this long in the shift. */
const RANKED_RUN_MS = 15 * 60_000
/** The longest stops a report lists. */
const LONGEST = 5
/** The thread-break hot spots a report lists. */
const HOT_SPOTS = 5

const sumsOf = (o: Oee): PartSums => {
  return {
    plannedMs: o.plannedMs,
    runMs: o.runMs,
    idealStitches: o.idealStitches,
    ratedStitches: o.ratedStitches,
    anyStitches: !o.missing.includes('no-stitches'),
    pieces: o.pieces,
    rejects: o.rejects,
    calendarMs: o.calendarMs,
    plannedPerMachineMs: o.utilisation === null ? 0 : o.utilisation * o.calendarMs,
  }
}

const partFigures = (part: PartPlan): PartFigures => ({
  pieces: part.oee.pieces,
  stitches: part.oee.stitches,
  targetPieces: part.pieces?.target.value ?? null,
  targetStitches: part.stitches?.target.value ?? null,
  availability: part.oee.availability,
  performance: part.oee.performance,
  quality: part.oee.quality,
  oee: part.oee.oee,
  sums: sumsOf(part.oee),
})

/** The places (machine and head) where most threads broke in a range, against the range before. */
export function hotSpotsOf(
  events: readonly ThreadbreakEvent[],
  before: readonly ThreadbreakEvent[],
): { total: number; before: number; hotSpots: HotSpotFigures[] } {
  const count = (list: readonly ThreadbreakEvent[]) => {
    const byPlace = new Map<string, { machineId: string; name: string; head: number; n: number }>()
    for (const e of list) {
      const key = `${e.machineId}\u0000${e.head}`
      const place = byPlace.get(key) ?? { machineId: e.machineId, name: e.machineName, head: e.head, n: 0 }
      place.n++
      byPlace.set(key, place)
    }
    return byPlace
  }
  const now = count(events)
  const then = count(before)
  return {
    total: events.length,
    before: before.length,
    hotSpots: [...now]
      .map(([key, p]) => ({
        machineId: p.machineId,
        name: p.name,
        head: p.head,
        breaks: p.n,
        before: then.get(key)?.n ?? 0,
      }))
      .sort(
        (a, b) =>
          b.breaks - a.breaks ||
          b.breaks - b.before - (a.breaks - a.before) ||
          a.name.localeCompare(b.name) ||
          a.head - b.head,
      )
      .slice(0, HOT_SPOTS),
  }
}

/** A shift's report figures from its details, its alerts, its breaks and the locations' names: pure, so
 * the same inputs give the same report. */
export function reportFigures(
  details: ShiftDetails,
  alerts: AlertFigures,
  extra: {
    locationNames?: ReadonlyMap<number, string>
    breaks?: { total: number; before: number; hotSpots: HotSpotFigures[] } | null
    orders?: OrderFigures | null
    maintenance?: MaintenanceFigures | null
  } = {},
): ReportFigures {
  const { plan, explained, names, result } = details
  const ranked = [...plan.byMachine]
    .filter(([, part]) => part.oee.oee !== null && part.oee.runMs >= RANKED_RUN_MS)
    .map(([machineId, part]) => ({
      machineId,
      name: names.get(machineId) ?? machineId,
      runMs: part.oee.runMs,
      ...partFigures(part),
    }))
    .sort((a, b) => b.oee! - a.oee! || a.name.localeCompare(b.name))
  // the better half (at most three) are the best, the rest from the bottom the worst
  const best = ranked.slice(0, Math.min(RANKED, Math.ceil(ranked.length / 2)))
  const worst = ranked.slice(best.length).reverse().slice(0, RANKED)
  return {
    result: { ...result, sums: sumsOf(plan.oee) },
    locations: [...plan.byLocation]
      .map(([locationId, part]) => ({
        locationId,
        name: locationId === null ? null : (extra.locationNames?.get(locationId) ?? null),
        ...partFigures(part),
      }))
      .sort((a, b) => (a.locationId ?? Number.MAX_SAFE_INTEGER) - (b.locationId ?? Number.MAX_SAFE_INTEGER)),
    stops: (({ byCategory: _, ...stops }) => stops)(explained),
    best: best.map(({ sums: _, ...m }) => m),
    worst: worst.map(({ sums: _, ...m }) => m),
    ...stopsOf(details),
    alerts,
    ...(extra.breaks !== undefined ? { breaks: extra.breaks } : {}),
    ...(extra.orders !== undefined ? { orders: extra.orders } : {}),
    ...(extra.maintenance !== undefined ? { maintenance: extra.maintenance } : {}),
  }
}

/** The shift's stops by the code each began with, and the longest, each cut to the shift. */
function stopsOf({ parts, names, result }: ShiftDetails): Pick<ReportFigures, 'byCode' | 'longest'> {
  const cut = parts
    .map((p) => ({ part: p, start: Math.max(p.start, result.start), end: Math.min(p.end, result.end) }))
    .filter((c) => c.end > c.start)
  const byCode = new Map<number | null, { ms: number; count: number }>()
  for (const { part, start, end } of cut) {
    const code = part.codes[0] ?? null
    const total = byCode.get(code) ?? { ms: 0, count: 0 }
    total.ms += end - start
    total.count++
    byCode.set(code, total)
  }
  return {
    byCode: sortedCodes(byCode),
    longest: [...cut]
      .sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start)
      .slice(0, LONGEST)
      .map(({ part, start, end }) => ({
        machineId: part.machineId,
        name: names.get(part.machineId) ?? part.machineId,
        start,
        end,
        reason: part.reason,
        code: part.codes[0] ?? null,
      })),
  }
}

const sortedCodes = (byCode: ReadonlyMap<number | null, { ms: number; count: number }>) =>
  [...byCode]
    .map(([code, total]) => ({ code, ...total }))
    .sort((a, b) => b.ms - a.ms || (a.code ?? -1) - (b.code ?? -1))

/**
 * A day's or a week's summary from its shifts' reports, as they were built: output and targets added up,
 * OEE from the shifts' sums by the one definition (src/lib/shift-report-figures addedUp), stops and codes added
 * up, the longest stops and the hot spots of all the shifts, the alerts of the whole range.
 */
export function summaryFigures(
  shifts: readonly StoredReport[],
  alerts: AlertFigures,
  breaks: { total: number; before: number; hotSpots: HotSpotFigures[] } | null,
): ReportFigures {
  const total = addedUp(
    shifts.map((s) => ({
      ...s.figures.result,
      targetPieces: s.figures.result.target.pieces,
      targetStitches: s.figures.result.target.stitches,
    })),
  )
  const locations = new Map<number | null, { name: string | null; parts: PartFigures[] }>()
  for (const s of shifts)
    for (const l of s.figures.locations) {
      const entry = locations.get(l.locationId) ?? { name: null, parts: [] }
      entry.name = l.name ?? entry.name
      entry.parts.push(l)
      locations.set(l.locationId, entry)
    }
  const reasons = new Map<string | null, ReasonTotal>()
  const codes = new Map<number | null, { ms: number; count: number }>()
  let stopMs = 0
  let explainedMs = 0
  let plannedMs = 0
  let shortMs = 0
  for (const { figures } of shifts) {
    stopMs += figures.stops.stopMs
    explainedMs += figures.stops.explainedMs
    plannedMs += figures.stops.plannedMs
    shortMs += figures.stops.shortMs
    for (const r of figures.stops.byReason) {
      const sum = reasons.get(r.reason) ?? { ...r, ms: 0, count: 0 }
      sum.ms += r.ms
      sum.count += r.count
      reasons.set(r.reason, sum)
    }
    for (const c of figures.byCode) {
      const sum = codes.get(c.code) ?? { ms: 0, count: 0 }
      sum.ms += c.ms
      sum.count += c.count
      codes.set(c.code, sum)
    }
  }
  const { sums, teep, ...part } = total
  return {
    result: {
      target: { pieces: part.targetPieces, stitches: part.targetStitches },
      pieces: part.pieces,
      stitches: part.stitches,
      availability: part.availability,
      performance: part.performance,
      quality: part.quality,
      oee: part.oee,
      teep,
      ...(sums ? { sums } : {}),
    },
    locations: [...locations]
      .map(([locationId, { name, parts }]) => {
        const { teep: _, ...added } = addedUp(parts)
        return { locationId, name, ...added }
      })
      .sort((a, b) => (a.locationId ?? Number.MAX_SAFE_INTEGER) - (b.locationId ?? Number.MAX_SAFE_INTEGER)),
    stops: {
      ...explainedOf({ stopMs, explainedMs, plannedMs, shortMs }),
      byReason: [...reasons.values()].sort((a, b) => b.ms - a.ms),
    },
    best: [],
    worst: [],
    byCode: sortedCodes(codes),
    longest: shifts
      .flatMap((s) => s.figures.longest)
      .sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start)
      .slice(0, LONGEST),
    alerts,
    breaks,
    shifts: shifts.map((s) => ({
      reportId: s.id,
      shift: s.shift,
      day: s.day,
      start: s.start,
      pieces: s.figures.result.pieces,
      targetPieces: s.figures.result.target.pieces,
      oee: s.figures.result.oee,
      quality: s.figures.result.quality,
      unexplainedMs: s.figures.stops.unexplainedMs,
    })),
  }
}
