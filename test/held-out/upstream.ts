// One piece: an independent upstream must share nothing with the demo, so its factory, reports and
// controls live in this one self-contained file.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'

/**
 * The held-out upstream (issue 17): a second, independent server speaking the vendor's documented shapes
 * (the MyZSK customer API reference, "myzsk-api.md" in comments) for a small factory of its own, written from the reference alone.
 * It shares no code with the demo upstream (`server/demo/`), uses status codes the demo never sends, puts
 * location names only where the vendor does (average-rpm, shift-comparison), pages `/designs` as
 * documented (the designs on the machines are on page 2 of 1,000), adds fields the reference does not
 * know, and answers a request with a parameter a report does not document with a 400, as a validating
 * server would. Every request is recorded for the test to read (`GET /__requests`, test-only, no key).
 *
 * Its own status codes (given to stitchboard in `STATUS_CODES`, except 4711 and 9 on purpose):
 * 3 running, 5 stop switch, 17 thread break, 21 hooping, 64 machine error, 1012 design finished.
 */

import { HELD_OUT_KEY } from './settings'

const HOUR = 3600
const now = () => Date.now()
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z')

interface HeldOutMachine {
  id: string
  alias: string
  location: number
  collector: string
  heads: number
  activeHeads: number
  needles: number
  needle: number | null
  code: number | null
  speed: number | null
  rpm: number
  design: string | null
  stitch: number
  repeats: number | null
  passes: number
  /** seconds since the last report (a silent machine) */
  silentFor: number
  /** share of time in each status code over any range */
  time: Record<number, number>
}

const LOCATIONS: Record<number, string> = { 3: 'Hall East', 7: 'Hall West' }

export const MACHINES: HeldOutMachine[] = [
  {
    id: 'M-0101',
    alias: 'East 01 · 12H',
    location: 3,
    collector: 'POOL-A',
    heads: 12,
    activeHeads: 12,
    needles: 15,
    needle: 6,
    code: 3,
    speed: 820,
    rpm: 1000,
    design: 'D-1088',
    stitch: 21_000,
    repeats: 4,
    passes: 1,
    silentFor: 5,
    time: { 3: 0.72, 5: 0.12, 17: 0.06, 21: 0.05, 9: 0.05 },
  },
  {
    id: 'M-0102',
    alias: 'East 02 · 12H',
    location: 3,
    collector: 'POOL-A',
    heads: 12,
    activeHeads: 12,
    needles: 15,
    needle: 2,
    code: 5,
    speed: 0,
    rpm: 900,
    design: 'D-0007',
    stitch: 4_100,
    repeats: null,
    passes: 0,
    silentFor: 8,
    time: { 3: 0.55, 5: 0.35, 17: 0.05, 21: 0.05 },
  },
  {
    id: 'M-0103',
    alias: 'East 03 · 15H',
    location: 3,
    collector: 'POOL-A',
    heads: 15,
    activeHeads: 13,
    needles: 15,
    needle: 7,
    code: 17,
    speed: 0,
    rpm: 950,
    design: 'D-1088',
    stitch: 30_400,
    repeats: null,
    passes: 3,
    silentFor: 3,
    time: { 3: 0.6, 5: 0.1, 17: 0.25, 21: 0.05 },
  },
  {
    id: 'M-0201',
    alias: 'West 01 · 8H',
    location: 7,
    collector: 'POOL-B',
    heads: 8,
    activeHeads: 8,
    needles: 12,
    needle: 1,
    code: 4711,
    speed: 0,
    rpm: 850,
    design: 'D-0007',
    stitch: 9_000,
    repeats: null,
    passes: 2,
    silentFor: 10,
    time: { 3: 0.5, 4711: 0.4, 5: 0.1 },
  },
  {
    id: 'M-0202',
    alias: 'West 02 · 8H',
    location: 7,
    collector: 'POOL-B',
    heads: 8,
    activeHeads: 8,
    needles: 12,
    needle: 3,
    code: 64,
    speed: 0,
    rpm: 850,
    design: 'D-1090',
    stitch: 2_500,
    repeats: 2,
    passes: 0,
    silentFor: 12,
    time: { 3: 0.4, 64: 0.5, 5: 0.1 },
  },
  {
    id: 'M-0203',
    alias: 'West 03 · 6H',
    location: 7,
    collector: 'POOL-B',
    heads: 6,
    activeHeads: 6,
    needles: 12,
    needle: 4,
    code: 3,
    speed: 700,
    rpm: 800,
    design: 'D-1090',
    stitch: 11_000,
    repeats: null,
    passes: 5,
    silentFor: 2 * HOUR,
    time: { 3: 0.7, 5: 0.3 },
  },
  {
    id: 'M-0204',
    alias: 'West 04 · 1H',
    location: 7,
    collector: 'POOL-B',
    heads: 1,
    activeHeads: 1,
    needles: 15,
    needle: 9,
    // the code says stop switch, but the machine turns: live evidence wins
    code: 5,
    speed: 640,
    rpm: 1000,
    design: 'D-0007',
    stitch: 7_000,
    repeats: 10,
    passes: 6,
    silentFor: 4,
    time: { 3: 0.8, 5: 0.2 },
  },
  {
    id: 'M-0205',
    alias: 'West 05 · 4H',
    location: 7,
    collector: 'POOL-B',
    heads: 4,
    activeHeads: 4,
    needles: 12,
    needle: null,
    code: 21,
    speed: 0,
    rpm: 900,
    design: null,
    stitch: 0,
    repeats: null,
    passes: 0,
    silentFor: 6,
    time: { 3: 0.45, 21: 0.45, 1012: 0.1 },
  },
]

/** 1,100 designs, D-0001 to D-1100: two of those on machines are beyond the first 1,000 (a second page even
 * at the largest limit). */
const DESIGN_COUNT = 1100
const NAMED: Record<string, { name: string; stitches: number }> = {
  'D-0007': { name: 'Bakery logo', stitches: 9_800 },
  'D-1088': { name: 'Rifle club crest', stitches: 42_000 },
  'D-1090': { name: 'Fire brigade badge', stitches: 18_500 },
}
function design(id: string) {
  const named = NAMED[id]
  if (named) return named
  const n = Number(id.slice(2))
  return { name: `Stock pattern ${n}`, stitches: 3_000 + ((n * 7919) % 40_000) }
}
const DESIGNS = Array.from({ length: DESIGN_COUNT }, (_, i) => `D-${String(i + 1).padStart(4, '0')}`)

const WORK_PERIODS = [
  { id: 1, name: 'Early shift', id_company: 42, timezone: 'Europe/Berlin' },
  { id: 2, name: 'Late shift', id_company: 42, timezone: 'Europe/Berlin' },
  { id: 3, name: 'Night shift', id_company: 42, timezone: 'Europe/Berlin' },
]

function machineRecord(m: HeldOutMachine) {
  const d = m.design ? design(m.design) : null
  const left = d ? d.stitches - m.stitch + d.stitches * Math.max(0, (m.repeats ?? 1) - m.passes - 1) : null
  return {
    machine_id: m.id,
    alias: m.alias,
    id_location: m.location,
    id_datacollector: m.collector,
    order: null,
    heads: m.heads,
    active_heads: m.activeHeads,
    active_needle: m.needle,
    needles: m.needles,
    hide_machine: false,
    first_seen: '2024-03-01T07:00:00Z',
    last_seen: iso(now() - m.silentFor * 1000),
    rpm: m.rpm,
    rotation_speed: m.speed,
    repeated_pattern: m.repeats,
    passes_pattern: m.passes,
    id_design: m.design,
    design_stitches: d?.stitches ?? null,
    stitch: m.stitch,
    status_code: m.code,
    pattern_stitchcounter: m.stitch,
    pattern_stitchnumber: m.stitch,
    estimate_time_remaining: left === null ? null : Math.round((left / m.rpm) * 60),
    // fields the reference does not know: kept, never a failure
    firmware: '5.12.3',
    serial_number: `ZS${m.id.slice(2)}`,
  }
}

// --- the report model: rates per hour of range, so any range answers consistently -------------------

/** A fraction in [0, 1) fixed by the text (FNV-1a). */
function fraction(text: string): number {
  let hash = 2166136261
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619)
  // a final mix, so texts that differ in their last character are not correlated
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b)
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35)
  return ((hash ^ (hash >>> 16)) >>> 0) / 2 ** 32
}

/** The shift filter as production-api.md 4.1 states it: JSON `{"from":"HH:MM","to":"HH:MM"}`, times of day in
 * the company's zone (its work periods' zone), a window crossing midnight allowed. */
export interface ShiftWindow {
  from: number
  to: number
}
const clockOf = (text: unknown) => {
  const match = typeof text === 'string' ? /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text) : null
  return match ? Number(match[1]) * 60 + Number(match[2]) : null
}
function parseShiftFilter(text: string | null): ShiftWindow | null | 'invalid' {
  if (text === null) return null
  try {
    const value = JSON.parse(text) as Record<string, unknown>
    const from = clockOf(value?.from)
    const to = clockOf(value?.to)
    return from === null || to === null ? 'invalid' : { from, to }
  } catch {
    return 'invalid'
  }
}
const BERLIN = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Berlin',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})
/** Minute of the day in Berlin of a Unix second. */
function berlinMinute(second: number) {
  const [hour, minute] = BERLIN.format(second * 1000)
    .split(':')
    .map(Number)
  return (hour ?? 0) * 60 + (minute ?? 0)
}
const inWindow = (minute: number, w: ShiftWindow) =>
  w.from < w.to ? minute >= w.from && minute < w.to : minute >= w.from || minute < w.to

/** Hours of the range up to now, inside the shift window when there is one (to the minute, in 5-minute steps). */
function hoursOf(from: number, till: number, shift: ShiftWindow | null = null) {
  const end = Math.min(till, now() / 1000)
  if (end <= from) return 0
  if (!shift) return (end - from) / HOUR
  const key = `${from}/${Math.floor(end / 300)}/${shift.from}/${shift.to}`
  const known = hoursCache.get(key)
  if (known !== undefined) return known
  const hours = shiftSeconds(from, end, shift) / HOUR
  if (hoursCache.size > 1000) hoursCache.clear()
  hoursCache.set(key, hours)
  return hours
}
const hoursCache = new Map<string, number>()
function shiftSeconds(from: number, end: number, shift: ShiftWindow) {
  let seconds = 0
  for (let t = from; t < end; t += 300)
    if (inWindow(berlinMinute(t), shift)) seconds += Math.min(300, end - t)
  return seconds
}

/** Thread breaks per hour on one head and needle: a little everywhere, a hot cell on East 03 (head 4,
 * needle 7), a hot needle 11 on East 01 and a hot head 5 on West 01 (every needle). Needle 0 is the
 * bobbin. */
function breakRate(m: HeldOutMachine, head: number, needle: number): number {
  if (m.id === 'M-0103' && head === 4 && needle === 7) return 1.5
  if (m.id === 'M-0101' && needle === 11) return 0.3
  if (m.id === 'M-0201' && head === 5 && needle > 0) return 0.08
  if (needle === 0) return 0.04
  return 0.004 + 0.02 * fraction(`${m.id}/${head}/${needle}`)
}

function breaksOf(m: HeldOutMachine, head: number, needle: number, hours: number) {
  return Math.floor(hours * breakRate(m, head, needle) + fraction(`${m.id}:${head}:${needle}`))
}

interface Query {
  from: number
  till: number
  shift: ShiftWindow | null
  machines: HeldOutMachine[]
  bobbin: boolean
  params: URLSearchParams
}

function cells(q: Query) {
  const hours = hoursOf(q.from, q.till, q.shift)
  const rows: { m: HeldOutMachine; head: number; needle: number; threadbreaks: number }[] = []
  for (const m of q.machines)
    for (let head = 1; head <= m.heads; head++)
      for (let needle = q.bobbin ? 0 : 1; needle <= m.needles; needle++) {
        const threadbreaks = breaksOf(m, head, needle, hours)
        if (threadbreaks > 0) rows.push({ m, head, needle, threadbreaks })
      }
  return rows
}

function grouped(q: Query, by: 'both' | 'head' | 'needle') {
  const sums = new Map<string, { m: HeldOutMachine; head: number; needle: number; threadbreaks: number }>()
  for (const cell of cells(q)) {
    const head = by === 'needle' ? 0 : cell.head
    const needle = by === 'head' ? 0 : cell.needle
    const key = `${cell.m.id}/${head}/${needle}`
    const sum = sums.get(key) ?? { m: cell.m, head, needle, threadbreaks: 0 }
    sum.threadbreaks += cell.threadbreaks
    sums.set(key, sum)
  }
  return [...sums.values()]
}

/** Passes a test made a machine complete (`POST /__passes/{id}`), each at the moment it was told. */
const completions: Array<{ machineId: string; at: number }> = []
/** The passes completed in the query's range [from, till) (seconds), as the number-of-pieces report counts
 * them: a pass belongs to the range in which it ended. */
const completedIn = (m: HeldOutMachine, q: Query) =>
  completions.filter((c) => c.machineId === m.id && c.at >= q.from * 1000 && c.at < q.till * 1000).length

function summaryOf(m: HeldOutMachine, q: Query) {
  const totalTime = Math.round(hoursOf(q.from, q.till, q.shift) * HOUR)
  const statusBreakdown: Record<string, number> = {}
  for (const [code, share] of Object.entries(m.time)) statusBreakdown[code] = Math.round(totalTime * share)
  const productionTime = statusBreakdown[3] ?? 0
  const stitches = Math.round((productionTime / 60) * m.rpm * 0.8)
  const d = m.design ? design(m.design) : design('D-0007')
  const passes = Math.floor(stitches / d.stitches)
  const hours = hoursOf(q.from, q.till, q.shift)
  let threadbreaks = 0
  for (let head = 1; head <= m.heads; head++)
    for (let needle = q.bobbin ? 0 : 1; needle <= m.needles; needle++)
      threadbreaks += breaksOf(m, head, needle, hours)
  return { totalTime, productionTime, statusBreakdown, stitches, passes, threadbreaks }
}

const round2 = (x: number) => Math.round(x * 100) / 100

const REPORTS: Record<string, { takes: string[]; requires: string[]; answer: (q: Query) => unknown }> = {
  '/reports/stitches': {
    takes: ['from', 'till', 'machineIds', 'shift'],
    requires: ['from', 'till', 'machineIds'],
    answer: (q) =>
      q.machines.map((m) => {
        const s = summaryOf(m, q)
        const d = design(m.design ?? 'D-0007')
        return {
          machine_id: m.id,
          stitches: s.stitches,
          threadbreaks: s.threadbreaks,
          id_design: m.design ?? 'D-0007',
          design_name: d.name,
          design_stitches: d.stitches,
        }
      }),
  },
  '/reports/threadbreaks': {
    takes: ['from', 'till', 'machineIds', 'shift', 'includeBobbinThreadbreaks', 'grouping'],
    requires: ['from', 'till', 'machineIds'],
    answer: (q) => {
      const grouping = q.params.get('grouping') ?? 'HN'
      const by = grouping === 'H' ? 'head' : grouping === 'N' ? 'needle' : 'both'
      return grouped(q, by)
        .sort((a, b) => a.m.id.localeCompare(b.m.id) || b.threadbreaks - a.threadbreaks)
        .map((r) => ({
          id_machine: r.m.id,
          machine_name: r.m.alias,
          head: r.head,
          needle: r.needle,
          threadbreaks: r.threadbreaks,
        }))
    },
  },
  '/reports/threadbreaks-by-machine/aggregated': {
    takes: [
      'from',
      'till',
      'machineIds',
      'shift',
      'includeBobbinThreadbreaks',
      'grouping',
      'reverseHeadOrder',
    ],
    requires: ['from', 'till', 'machineIds', 'grouping'],
    answer: (q) => {
      const by = q.params.get('grouping') as 'both' | 'head' | 'needle'
      const reverse = q.params.get('reverseHeadOrder') === 'true'
      return grouped(q, by)
        .sort((a, b) => a.m.id.localeCompare(b.m.id) || (reverse ? b.head - a.head : a.head - b.head))
        .map((r) => ({
          id_machine: r.m.id,
          machine_name: r.m.alias,
          head: r.head,
          needle: r.needle,
          threadbreaks: r.threadbreaks,
        }))
    },
  },
  '/reports/threadbreaks-by-machine': {
    takes: ['from', 'till', 'machineIds', 'shift', 'includeBobbinThreadbreaks'],
    requires: ['from', 'till', 'machineIds'],
    answer: (q) => {
      // the cells' breaks spread over the range, newest first, at most 5,000
      const end = Math.min(q.till, now() / 1000)
      const events = cells(q).flatMap((c) => {
        const d = design(c.m.design ?? 'D-0007')
        return Array.from({ length: Math.min(c.threadbreaks, 200) }, (_, i) => {
          // a moment of the range, inside the shift window when the query has one
          let f = fraction(`${c.m.id}-${c.head}-${c.needle}-${i}`)
          for (
            let k = 0;
            q.shift && k < 100 && !inWindow(berlinMinute(q.from + (end - q.from) * f), q.shift);
            k++
          )
            f = fraction(`${c.m.id}-${c.head}-${c.needle}-${i}-${k}`)
          // the crest breaks in its stretch 30,001–31,000 and there at high speed
          const stretch = c.m.design === 'D-1088' && c.needle === 7
          return {
            timestamp: Math.round((q.from + (end - q.from) * f) * 1000),
            id_machine: c.m.id,
            machine_name: c.m.alias,
            head: c.head,
            needle: c.needle,
            pattern: c.m.design ?? 'D-0007',
            pattern_stitchnumber: stretch
              ? 30_001 + Math.floor(999 * f)
              : 1 + Math.floor((d.stitches - 1) * f),
            stitches: d.stitches,
            rotation_speed: stretch ? 1000 : Math.round(500 + 400 * f),
          }
        })
      })
      return events.sort((a, b) => b.timestamp - a.timestamp).slice(0, 5000)
    },
  },
  '/reports/machine-summary': {
    takes: ['from', 'till', 'machineIds', 'locationId', 'shift', 'includeBobbinThreadbreaks'],
    requires: ['from', 'till', 'machineIds'],
    answer: (q) =>
      q.machines.map((m) => {
        const s = summaryOf(m, q)
        return {
          machineId: m.id,
          machineName: m.alias,
          stitches: s.stitches,
          threadbreaks: s.threadbreaks,
          passes: s.passes,
          pieces: s.passes * m.activeHeads,
          totalTime: s.totalTime,
          productionTime: s.productionTime,
          utilization: s.totalTime ? round2((s.productionTime / s.totalTime) * 100) : 0,
          stitchesPerMinute: s.totalTime ? round2(s.stitches / (s.totalTime / 60)) : 0,
          statusBreakdown: s.statusBreakdown,
        }
      }),
  },
  '/reports/average-rpm': {
    takes: ['from', 'till', 'locationId', 'shift'],
    requires: ['from', 'till'],
    answer: (q) =>
      q.machines.map((m) => {
        const s = summaryOf(m, q)
        return {
          locationId: m.location,
          locationName: LOCATIONS[m.location],
          machineId: m.id,
          machineName: m.alias,
          productiveTime: s.productionTime,
          stitches: s.stitches,
          averageRpm: s.productionTime ? round2(s.stitches / (s.productionTime / 60)) : 0,
        }
      }),
  },
  '/reports/machine-productivity': {
    takes: [
      'from',
      'till',
      'machineIds',
      'locationId',
      'shift',
      'includeBobbinThreadbreaks',
      'designId',
      'designStitches',
    ],
    requires: ['from', 'till', 'machineIds'],
    answer: (q) =>
      q.machines.map((m) => {
        const s = summaryOf(m, q)
        const id = m.design ?? 'D-0007'
        return {
          machineId: m.id,
          machineName: m.alias,
          designId: id,
          designStitches: design(id).stitches,
          runningTime: s.productionTime,
          totalStitches: design(id).stitches * s.passes,
          passes: s.passes,
          threadbreaks: s.threadbreaks,
        }
      }),
  },
  '/reports/runningtime': passTimes(Math.floor),
  '/reports/productiontime': passTimes(Math.ceil),
  '/reports/shift-comparison': {
    takes: ['from', 'till', 'locationId', 'shift', 'includeBobbinThreadbreaks'],
    requires: ['from', 'till'],
    answer: (q) =>
      q.machines.map((m) => {
        const s = summaryOf(m, q)
        const shares = [0.45, 0.35, 0.2]
        return {
          machineId: m.id,
          machineName: m.alias,
          locationId: m.location,
          locationName: LOCATIONS[m.location],
          stitches: s.stitches,
          threadbreaks: s.threadbreaks,
          shifts: WORK_PERIODS.map((w, i) => ({
            shiftId: w.id,
            shiftName: w.name,
            stitches: Math.round(s.stitches * (shares[i] ?? 0)),
            threadbreaks: Math.round(s.threadbreaks * (shares[i] ?? 0)),
          })),
        }
      }),
  },
  '/reports/time-comparison': {
    takes: ['from', 'till', 'locationId', 'shift', 'includeBobbinThreadbreaks'],
    requires: ['from', 'till'],
    answer: (q) => {
      const days = []
      for (let day = Math.floor(q.from / 86_400) * 86_400; day < q.till; day += 86_400) {
        const one = { ...q, from: Math.max(q.from, day), till: Math.min(q.till, day + 86_400) }
        const totals = q.machines.map((m) => summaryOf(m, one))
        const stitches = totals.reduce((sum, s) => sum + s.stitches, 0)
        const threadbreaks = totals.reduce((sum, s) => sum + s.threadbreaks, 0)
        days.push({
          day,
          stitches,
          threadbreaks,
          tbPer10k: stitches ? round2((threadbreaks / stitches) * 10_000) : 0,
        })
      }
      return days
    },
  },
  '/reports/design-summary': {
    takes: ['from', 'till', 'machineIds', 'locationId', 'shift', 'designId', 'designStitches'],
    requires: ['from', 'till', 'machineIds', 'designId', 'designStitches'],
    answer: (q) => {
      const id = q.params.get('designId') ?? ''
      return q.machines
        .filter((m) => m.design === id)
        .flatMap((m) =>
          Object.entries(m.time).map(([code, share], i) => {
            const start = (q.from + i * 600) * 1000
            const length = Math.round(share * 3_600_000)
            return {
              machineId: m.id,
              machineName: m.alias,
              designId: id,
              designName: design(id).name,
              stitches: String(design(id).stitches),
              status: code,
              start: String(start),
              stop: String(start + length),
              pastTime: String(length),
              counter: '1',
            }
          }),
        )
    },
  },
  '/reports/daily-design': {
    takes: ['from', 'till', 'locationId', 'shift'],
    requires: ['from', 'till'],
    answer: (q) =>
      [...new Set(q.machines.flatMap((m) => (m.design ? [m.design] : [])))].map((id) => ({
        key: `${id}_${design(id).stitches}`,
        designId: id,
        stitches: String(design(id).stitches),
        data: q.machines
          .filter((m) => m.design === id)
          .flatMap((m) =>
            Object.entries(summaryOf(m, q).statusBreakdown).map(([code, duration]) => ({
              machineId: m.id,
              machineName: m.alias,
              status: Number(code),
              designId: id,
              designName: design(id).name,
              stitches: design(id).stitches,
              duration,
              status_count: 1 + Math.floor(duration / 1800),
            })),
          ),
      })),
  },
  '/reports/number-of-pieces': {
    takes: ['from', 'till', 'machineIds', 'shift'],
    requires: ['from', 'till', 'machineIds'],
    answer: (q) =>
      q.machines.map((m) => {
        const s = summaryOf(m, q)
        const id = m.design ?? 'D-0007'
        const passes = s.passes + completedIn(m, q)
        return {
          machineId: m.id,
          machineName: m.alias,
          designId: id,
          designName: design(id).name,
          designStitches: design(id).stitches,
          passes,
          activeHeads: m.activeHeads,
          pieces: passes * m.activeHeads,
          totalStitches: passes * m.activeHeads * design(id).stitches,
        }
      }),
  },
  '/reports/operator-overview': {
    takes: ['from', 'till', 'machineIds', 'locationId', 'shift', 'includeBobbinThreadbreaks', 'operatorId'],
    requires: ['from', 'till', 'machineIds'],
    answer: (q) => {
      const operators = [
        { operatorId: 'OP-17', operatorName: 'Ana Petrović', share: 0.6 },
        { operatorId: 'OP-23', operatorName: 'Jonas Weber', share: 0.4 },
      ]
      const wanted = q.params.get('operatorId') ?? 'all'
      const totals = q.machines.map((m) => summaryOf(m, q))
      const sum = (key: 'stitches' | 'threadbreaks' | 'passes' | 'totalTime') =>
        totals.reduce((s, t) => s + t[key], 0)
      return operators
        .filter((o) => wanted === 'all' || o.operatorId === wanted)
        .map((o) => ({
          operatorId: o.operatorId,
          operatorName: o.operatorName,
          stitches: Math.round(sum('stitches') * o.share),
          threadbreaks: Math.round(sum('threadbreaks') * o.share),
          passings: Math.round(sum('passes') * o.share),
          pieces: Math.round(sum('passes') * o.share * 6),
          workTime: Math.round((sum('totalTime') * o.share) / q.machines.length),
          status: [
            { status: 3, counter: 12, pastTime: Math.round(sum('totalTime') * o.share * 600) },
            { status: 5, counter: 7, pastTime: Math.round(sum('totalTime') * o.share * 200) },
          ],
        }))
    },
  },
  '/reports/threadbreaks-by-design': {
    takes: ['from', 'till', 'machineIds', 'shift', 'includeBobbinThreadbreaks', 'designId', 'designStitches'],
    requires: ['from', 'till', 'machineIds', 'designId', 'designStitches'],
    answer: (q) => {
      const id = q.params.get('designId') ?? ''
      const stitches = Number(q.params.get('designStitches'))
      const on = q.machines.filter((m) => m.design === id)
      const days = hoursOf(q.from, q.till, q.shift) / 24
      const threadbreaks = []
      for (let stitch = 250; stitch <= stitches && on.length > 0; stitch += 500) {
        // the crest's stretch 30,001–31,000 breaks far more often than its share of the stitches
        const hot = id === 'D-1088' && stitch > 30_000 && stitch <= 31_000
        const count = Math.floor(days * on.length * (hot ? 12 : 0.4) + fraction(`${id}@${stitch}`))
        if (count > 0) threadbreaks.push({ stitch, threadbreaks: count })
      }
      return {
        designId: id,
        designStitches: stitches,
        totalPasses: Math.round(days * on.length * 9),
        threadbreaks,
      }
    },
  },
}

function passTimes(rounding: (x: number) => number) {
  return {
    takes: ['from', 'till', 'machineIds', 'shift', 'designId', 'designStitches', 'ignoreOutliers'],
    requires: ['from', 'till', 'machineIds'],
    answer: (q: Query) =>
      [...new Set(q.machines.flatMap((m) => (m.design ? [m.design] : [])))].map((id) => {
        const pass = (design(id).stitches / 800) * 60
        return {
          designId: id,
          designName: design(id).name,
          designStitches: design(id).stitches,
          passes: 11,
          minTime: rounding(pass * 0.9),
          maxTime: rounding(pass * 1.6),
          avgTime: rounding(pass * 1.1),
        }
      }),
  }
}

// --- HTTP ---------------------------------------------------------------------------------------------

export interface RecordedRequest {
  path: string
  query: string
  key: string | null
  status: number
  /** Unix ms when it was answered */
  at: number
}
const recorded: RecordedRequest[] = []

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' })
  res.end(JSON.stringify(body))
}

function route(req: IncomingMessage, url: URL): { status: number; body: unknown } {
  if (req.method !== 'GET') return { status: 405, body: { error: 'Method not allowed' } }
  if (req.headers['x-api-key'] !== HELD_OUT_KEY) return { status: 401, body: { error: 'Invalid API key' } }
  const path = url.pathname
  const params = url.searchParams
  if (path === '/machines') return { status: 200, body: { data: MACHINES.map(machineRecord) } }
  const one = /^\/machines\/([^/]+)$/.exec(path)
  if (one) {
    const m = MACHINES.find((x) => x.id === decodeURIComponent(one[1] ?? ''))
    return m
      ? { status: 200, body: { data: machineRecord(m) } }
      : { status: 404, body: { error: `Machine ${one[1]} not found` } }
  }
  if (path === '/datacollectors') {
    return {
      status: 200,
      body: {
        data: ['POOL-A', 'POOL-B'].map((id) => {
          const on = MACHINES.filter((m) => m.collector === id)
          return {
            id,
            id_location: on[0]?.location ?? 0,
            last_seen: iso(now() - 20_000),
            machine_count: on.length,
          }
        }),
      },
    }
  }
  const pool = /^\/datacollectors\/([^/]+)\/machines$/.exec(path)
  if (pool) {
    const on = MACHINES.filter((m) => m.collector === decodeURIComponent(pool[1] ?? ''))
    if (on.length === 0) return { status: 404, body: { error: `Datacollector ${pool[1]} not found` } }
    return {
      status: 200,
      body: {
        data: on.map((m) => ({
          machine_id: m.id,
          machine_name: m.alias,
          location_name: LOCATIONS[m.location],
          heads: m.heads,
          needles: m.needles,
          first_seen: '2024-03-01T07:00:00Z',
          last_seen: iso(now() - m.silentFor * 1000),
        })),
      },
    }
  }
  if (path === '/designs') {
    const page = Number(params.get('page') ?? 1)
    const limit = Number(params.get('limit') ?? 100)
    if (!Number.isInteger(page) || page < 1 || !Number.isInteger(limit) || limit < 1 || limit > 1000)
      return { status: 400, body: { error: 'Validation error: page ≥ 1, 1 ≤ limit ≤ 1000' } }
    const data = DESIGNS.slice((page - 1) * limit, page * limit).map((id) => ({
      id,
      name: design(id).name,
      stitches: design(id).stitches,
      date_inserted: '2025-01-15T09:00:00Z',
    }))
    return { status: 200, body: { data, total: DESIGNS.length, page, limit } }
  }
  if (path === '/work-periods') return { status: 200, body: { data: WORK_PERIODS } }
  const report = REPORTS[path]
  if (!report) return { status: 404, body: { error: `No route ${path}` } }
  for (const name of params.keys())
    if (!report.takes.includes(name))
      return { status: 400, body: { error: `Validation error: unknown ${name}` } }
  for (const name of report.requires)
    if (!params.get(name)) return { status: 400, body: { error: `Validation error: ${name} is required` } }
  const from = Number(params.get('from'))
  const till = Number(params.get('till'))
  if (!Number.isInteger(from) || !Number.isInteger(till) || from >= till)
    return { status: 400, body: { error: 'Validation error: from and till are Unix seconds, from < till' } }
  const ids = params.get('machineIds')
  const location = Number(params.get('locationId') ?? 0)
  const machines = MACHINES.filter(
    (m) =>
      (ids === null || ids === 'all' || ids.split(',').includes(m.id)) &&
      (location === 0 || m.location === location),
  )
  const bobbin = params.get('includeBobbinThreadbreaks') === 'true'
  const shift = parseShiftFilter(params.get('shift'))
  if (shift === 'invalid')
    return { status: 400, body: { error: 'Validation error: shift must be {"from":"HH:MM","to":"HH:MM"}' } }
  return { status: 200, body: { data: report.answer({ from, till, shift, machines, bobbin, params }) } }
}

/** Test-only controls: change a machine's live state (`POST /__machines/{id}` with `{"code":…,"speed":…}`),
 * make it complete passes of its design now (`POST /__passes/{id}` with `{"passes":2}`), or make the portal
 * fail (`POST /__fail` with `{"status":500}`, `{"status":0}` to recover). */
let failing = 0
function control(req: IncomingMessage, res: ServerResponse, url: URL) {
  let body = ''
  req.on('data', (chunk) => {
    if (body.length < 10_000) body += chunk
  })
  req.on('end', () => {
    const value = JSON.parse(body || '{}') as {
      code?: number | null
      speed?: number
      status?: number
      passes?: number
    }
    if (url.pathname === '/__fail') {
      failing = value.status ?? 0
      return send(res, 200, { failing })
    }
    const id = decodeURIComponent(url.pathname.replace(/^\/__(machines|passes)\//, ''))
    const m = MACHINES.find((x) => x.id === id)
    if (!m) return send(res, 404, { error: 'no such machine' })
    if (url.pathname.startsWith('/__passes/')) {
      const at = now()
      for (let i = 0; i < (value.passes ?? 1) && completions.length < 10_000; i++)
        completions.push({ machineId: m.id, at })
      return send(res, 200, {
        machineId: m.id,
        at,
        passes: completedIn(m, { from: 0, till: Infinity } as Query),
      })
    }
    if (value.code !== undefined) m.code = value.code
    if (value.speed !== undefined) m.speed = value.speed
    send(res, 200, machineRecord(m))
  })
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://held-out.invalid')
  if (url.pathname === '/__requests') return send(res, 200, recorded)
  if (
    req.method === 'POST' &&
    (url.pathname === '/__fail' ||
      url.pathname.startsWith('/__machines/') ||
      url.pathname.startsWith('/__passes/'))
  )
    return control(req, res, url)
  if (failing) {
    if (recorded.length < 10_000)
      recorded.push({ path: url.pathname, query: url.search, key: null, status: failing, at: now() })
    return send(res, failing, { error: 'The held-out portal is failing on purpose' })
  }
  const { status, body } = route(req, url)
  if (recorded.length < 10_000) {
    const key = req.headers['x-api-key']
    recorded.push({
      path: url.pathname,
      query: url.search,
      key: typeof key === 'string' ? key : null,
      status,
      at: now(),
    })
  }
  send(res, status, body)
})

if (process.env.PORT) {
  const port = Number(process.env.PORT)
  server.listen(port, process.env.HOST ?? '127.0.0.1', () =>
    process.stdout.write(`held-out upstream on http://127.0.0.1:${port}\n`),
  )
}
