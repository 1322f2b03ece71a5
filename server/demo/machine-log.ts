import { addDays, localDate } from '../../src/lib/factory-time'
import { shiftWindow } from '../../src/lib/shift-window'
import type { NamedShift } from '../shifts'
import { breakCell, type DemoCompany, type DemoMachine } from './factory'
import type { Break, Chunk, DemoStatus, Run, Segment } from './log-types'
import { packChunk } from './packed-chunk'
import { hash, type Random, random } from './random'

export type { Break, Chunk, DemoStatus, Run, Segment } from './log-types'

/** What one chunk's generation gives, as objects. */
export interface ChunkLogs {
  start: number
  end: number
  segments: Segment[]
  breaks: Break[]
  runs: Run[]
}

export interface LogSettings {
  seed: number
  timeZone: string
  shifts: readonly NamedShift[]
}

const DAY = 86_400
/** Chunks are days that end at a per-machine moment in the first 90 minutes after UTC midnight; a run
 * never crosses a chunk boundary, so each chunk can be generated on its own. */
function chunkBoundary(settings: LogSettings, machine: DemoMachine, day: number): number {
  return day * DAY + (hash(settings.seed, machine.machine_id, 'boundary', day) % 90) * 60
}

export function chunkDayAt(settings: LogSettings, machine: DemoMachine, at: number): number {
  const day = Math.floor(at / DAY)
  return at < chunkBoundary(settings, machine, day) ? day - 1 : day
}

interface WorkSpan {
  start: number
  end: number
  operator: number
}

type ShiftSpan = { start: number; end: number; shift: string }

/** Shift spans around a chunk's day depend on the day and the settings only, not on the machine:
 * computed once per day for all machines (time-zone arithmetic is the costly part of generating). */
const shiftSpanCache = new WeakMap<LogSettings, Map<number, ShiftSpan[]>>()

function shiftSpansAround(settings: LogSettings, day: number): ShiftSpan[] {
  let byDay = shiftSpanCache.get(settings)
  if (!byDay) {
    byDay = new Map()
    shiftSpanCache.set(settings, byDay)
  }
  let spans = byDay.get(day)
  if (!spans) {
    spans = []
    const first = localDate(day * DAY - DAY, settings.timeZone)
    for (let d = 0; d < 4; d++) {
      for (const shift of settings.shifts) {
        const [start, end] = shiftWindow(shift, addDays(first, d), settings.timeZone)
        spans.push({ start, end, shift: shift.name })
      }
    }
    byDay.set(day, spans)
    if (byDay.size > 400) byDay.delete(byDay.keys().next().value!)
  }
  return spans
}

/** Spans of [start, end) in which the company works, each with the operator of that shift. */
function workSpans(
  settings: LogSettings,
  company: DemoCompany,
  machine: DemoMachine,
  start: number,
  end: number,
) {
  const spans: WorkSpan[] = []
  for (const span of shiftSpansAround(settings, Math.floor(start / DAY))) {
    if (company.workingShifts !== 'all' && !company.workingShifts.includes(span.shift)) continue
    const from = Math.max(span.start, start)
    const till = Math.min(span.end, end)
    if (till > from) {
      const operator =
        hash(settings.seed, machine.machine_id, 'operator', span.start) % company.operators.length
      spans.push({ start: from, end: till, operator })
    }
  }
  return spans.sort((a, b) => a.start - b.start)
}

class ChunkWriter {
  readonly segments: Segment[] = []
  readonly breaks: Break[] = []
  readonly runs: Run[] = []
  constructor(public t: number) {}

  /** Adds a segment from the current time for `seconds`, merging with the previous one when alike. */
  add(status: DemoStatus, seconds: number, design = -1, operator = -1, rpm = 0, run = -1) {
    if (seconds <= 0) return
    const last = this.segments[this.segments.length - 1]
    const end = this.t + seconds
    if (
      last &&
      last.end === this.t &&
      last.status === status &&
      last.design === design &&
      last.operator === operator &&
      last.rpm === rpm &&
      last.run === run
    ) {
      last.end = end
    } else {
      this.segments.push({ start: this.t, end, status, design, operator, rpm, run })
    }
    this.t = end
  }
}

/** The machine's logs for one chunk, packed. */
export function generateChunk(
  settings: LogSettings,
  company: DemoCompany,
  machine: DemoMachine,
  day: number,
): Chunk {
  const logs = generateLogs(settings, company, machine, day)
  return packChunk(logs.start, logs.end, logs.segments, logs.breaks, logs.runs)
}

/** The machine's logs for one chunk. Pure: the same seed, settings and day always give the same logs. */
export function generateLogs(
  settings: LogSettings,
  company: DemoCompany,
  machine: DemoMachine,
  day: number,
): ChunkLogs {
  const rng: Random = random(hash(settings.seed, machine.machine_id, 'day', day))
  const start = chunkBoundary(settings, machine, day)
  const end = chunkBoundary(settings, machine, day + 1)
  const spans = workSpans(settings, company, machine, start, end)
  const w = new ChunkWriter(start)

  const offline = rng.next() < machine.offlineChance
  let offlineAt = offline ? start + rng.next() * (end - start - 3600) : Number.POSITIVE_INFINITY
  const offlineSeconds = rng.int(20, 240) * 60

  while (w.t < end) {
    if (w.t >= offlineAt) {
      w.add('offline', Math.min(offlineSeconds, end - w.t))
      offlineAt = Number.POSITIVE_INFINITY
      continue
    }
    const index = spans.findIndex((s) => s.end > w.t)
    const span = spans[index]
    if (!span || span.start > w.t) {
      const until = Math.min(span ? span.start : end, end, offlineAt)
      w.add('idle', until - w.t)
      continue
    }
    // work goes on across adjacent shifts; a job only has to fit before work stops
    let blockEnd = span.end
    for (let i = index + 1; i < spans.length && spans[i]!.start === blockEnd; i++) blockEnd = spans[i]!.end
    const limit = Math.min(blockEnd, end, offlineAt)
    if (rng.next() < 0.06) {
      // waiting for the next order
      w.add('idle', Math.min(rng.int(5, 40) * 60, limit - w.t), -1, span.operator)
      continue
    }
    const rpm = Math.round((machine.maxRpm * (0.78 + rng.next() * 0.22)) / 10) * 10
    const sewing = (d: number) => Math.ceil((company.designs[d]!.stitches / rpm) * 60)
    const fits = (d: number) => w.t + 360 + sewing(d) * 1.15 + 600 <= limit
    const pick = () => rng.int(0, company.activeDesigns - 1)
    let design = pick()
    for (let tries = 0; tries < 3 && !fits(design); tries++) design = pick()
    if (!fits(design)) {
      // not enough time left for this job before the shift or chunk ends
      w.add('idle', Math.min(limit, end) - w.t, -1, span.operator)
      continue
    }
    const operator = span.operator
    const sewSeconds = sewing(design)
    const stitches = company.designs[design]!.stitches
    const repeats = rng.next() < 0.3 ? rng.int(2, 4) : 1
    for (let pass = 1; pass <= repeats; pass++) {
      if (pass > 1 && w.t + 180 + sewSeconds * 1.15 + 600 > limit) break
      const run = w.runs.length
      // hooping and changeover; now and then the operator is away much longer; a new hoop between passes
      const setup = pass > 1 ? rng.int(60, 180) : rng.next() < 0.03 ? rng.int(12, 40) * 60 : rng.int(90, 360)
      w.add('setup', setup, design, operator, 0, run)
      const runStart = w.t
      let left = sewSeconds
      let running = 0
      while (left > 0 && w.t < end) {
        const toBreak = rng.exponential(machine.breaksPerSecond)
        const toPause = rng.exponential(1 / 2700)
        const step = Math.min(left, toBreak, toPause, end - w.t)
        w.add('running', Math.ceil(step), design, operator, rpm, run)
        left -= Math.ceil(step)
        running += Math.ceil(step)
        if (left <= 0 || w.t >= end) break
        if (toBreak <= toPause) {
          const { head, needle } = breakCell(machine, rng.next())
          const sewn = Math.min(stitches, Math.round(((sewSeconds - left) * rpm) / 60))
          // every fifth design has a badly digitized stretch (55–58 % of its stitches) where a third of
          // its breaks happen: what the design-breaks page is for (moved by position only, no random draw)
          const stitch =
            design % 5 === 1 && w.breaks.length % 3 === 0
              ? Math.round(stitches * 0.55) + (sewn % Math.max(1, Math.round(stitches * 0.03)))
              : sewn
          w.breaks.push({ at: w.t, head, needle, design, operator, stitch, rpm })
          w.add('threadbreak', rng.int(40, 240), design, operator, 0, run)
        } else {
          w.add('stopped', rng.int(60, 420), design, operator, 0, run) // bobbin change, trimming, checks
        }
      }
      const completed = left <= 0
      w.runs.push({
        start: runStart,
        end: Math.min(w.t, end),
        design,
        operator,
        completed,
        pass,
        repeats,
        running,
      })
      if (!completed) break
      // the machine reports the finished pass (code 1012) until the operator takes the hoop off
      w.add('completed', rng.int(20, 90), design, operator, 0, run)
    }
  }
  // the last segment may overshoot the boundary by a break's repair time: cut it there
  const segments = w.segments
  while (segments.length && segments[segments.length - 1]!.start >= end) segments.pop()
  const last = segments[segments.length - 1]
  if (last && last.end > end) last.end = end
  return { start, end, segments, breaks: w.breaks.filter((b) => b.at < end), runs: w.runs }
}
