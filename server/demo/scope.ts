import type { ReportQuery } from '../../src/api/contract/report-params'
import { upperBound } from '../../src/lib/binary-search'
import { addDays, localDate, localDateKey, type Span, startOfLocalDay } from '../../src/lib/factory-time'
import { inSpans, shiftWindows } from '../../src/lib/shift-window'
import { type DemoFactory, stitchesIn } from './demo-factory'
import type { DemoCompany, DemoMachine } from './factory'
import type { Break, DemoStatus, Run, Segment } from './machine-log'

/** What one report request looks at: which machines, which spans of time, bobbin or not. */
export interface Scope {
  factory: DemoFactory
  company: DemoCompany
  machines: DemoMachine[]
  from: number
  till: number
  /** sorted, disjoint spans inside [from, till): the shift filter's windows, or the whole range */
  windows: Span[]
  includeBobbin: boolean
}

export function reportScope(factory: DemoFactory, company: DemoCompany, query: ReportQuery): Scope {
  const wanted = query.machineIds === 'all' ? null : new Set(query.machineIds)
  const machines = company.machines.filter(
    (m) =>
      (!wanted || wanted.has(m.machine_id)) && (query.locationId === 0 || m.location_id === query.locationId),
  )
  const from = Math.max(query.from, factory.historyStart())
  const till = Math.min(query.till, factory.nowSeconds())
  const whole: Span[] = till > from ? [[from, till]] : []
  const windows = query.shift ? shiftWindows(query.shift, from, till, factory.options.timeZone) : whole
  return { factory, company, machines, from, till, windows, includeBobbin: query.includeBobbinThreadbreaks }
}

/** The same scope narrowed to the intersection with other `spans` (sorted, disjoint). */
export function narrowScope(scope: Scope, spans: readonly Span[]): Scope {
  const windows: Span[] = []
  for (const [s1, e1] of scope.windows) {
    for (const [s2, e2] of spans) {
      const s = Math.max(s1, s2)
      const e = Math.min(e1, e2)
      if (e > s) windows.push([s, e])
    }
  }
  return { ...scope, windows: windows.sort((a, b) => a[0] - b[0]) }
}

/** What visitLogs calls. The segment, break or run it passes is one object refilled for the next call:
 * read it during the call and copy what you keep. */
export interface LogVisitor {
  /** a part [from, till) of a STATUS segment inside the scope's windows */
  segment?(machine: DemoMachine, segment: Segment, from: number, till: number): void
  /** a thread break inside the windows, after the bobbin rule (reference 4.3) */
  threadbreak?(machine: DemoMachine, threadbreak: Break): void
  /** a run that finished inside the windows: one piece per head */
  completedRun?(machine: DemoMachine, run: Run): void
}

/** What the windows are searched by: sorted and disjoint, their ends are in order too. */
const endOf = (window: Span) => window[1]

/** Walks the logs of every machine in scope, in time order per machine. */
export function visitLogs(scope: Scope, visitor: LogVisitor): void {
  const { windows } = scope
  if (windows.length === 0) return
  const from = windows[0]![0]
  const till = windows[windows.length - 1]![1]
  const { segment: visitSegment, threadbreak: visitBreak, completedRun: visitRun } = visitor
  for (const machine of scope.machines) {
    for (const chunk of scope.factory.chunks(scope.company, machine, from, till)) {
      if (visitSegment) {
        // the first window ending after the segment's start: a chunk's segments follow each other, so it
        // only moves forward (a search per segment was most of a report's time)
        let first = upperBound(windows, chunk.start, endOf)
        chunk.eachSegment((segment) => {
          if (segment.end <= from || segment.start >= till) return
          while (first < windows.length && windows[first]![1] <= segment.start) first++
          for (let i = first; i < windows.length; i++) {
            const [ws, we] = windows[i]!
            if (ws >= segment.end) break
            visitSegment(machine, segment, Math.max(ws, segment.start), Math.min(we, segment.end))
          }
        })
      }
      if (visitBreak) {
        chunk.eachBreak((b) => {
          if ((scope.includeBobbin || b.needle !== 0) && inSpans(windows, b.at)) visitBreak(machine, b)
        })
      }
      if (visitRun) {
        chunk.eachRun((run) => {
          if (run.completed && inSpans(windows, run.end)) visitRun(machine, run)
        })
      }
    }
  }
}

/** Running totals of one group of a report. */
export class Totals {
  seconds: Record<DemoStatus, number> = {
    running: 0,
    stopped: 0,
    threadbreak: 0,
    idle: 0,
    setup: 0,
    completed: 0,
    offline: 0,
  }
  stitches = 0
  threadbreaks = 0
  pieces = 0
  runs = 0
  rpmSeconds = 0
  maxRpm = 0
  readonly machines = new Set<string>()

  addSegment(machine: DemoMachine, segment: Segment, from: number, till: number) {
    const seconds = till - from
    this.seconds[segment.status] += seconds
    if (segment.status === 'running') {
      this.stitches += stitchesIn(segment, from, till)
      this.rpmSeconds += segment.rpm * seconds
      this.maxRpm = Math.max(this.maxRpm, segment.rpm)
    }
    this.machines.add(machine.machine_id)
  }

  /** seconds with a design loaded: hooping, sewing, stopped, repairing a break, taking it off */
  get productionSeconds() {
    const s = this.seconds
    return s.running + s.stopped + s.threadbreak + s.setup + s.completed
  }

  /** seconds the machines reported a status (offline time is a gap in the log) */
  get reportedSeconds() {
    return this.productionSeconds + this.seconds.idle
  }

  get averageRpm() {
    return this.seconds.running > 0 ? Math.round(this.rpmSeconds / this.seconds.running) : 0
  }
}

/** Groups the logs of a scope by `key` (null leaves a record out) and totals each group. */
export function totalsBy(
  scope: Scope,
  key: (machine: DemoMachine, design: number, operator: number, at: number) => string | null,
): Map<string, Totals> {
  const groups = new Map<string, Totals>()
  const group = (k: string | null) => {
    if (k === null) return undefined
    let totals = groups.get(k)
    if (!totals) {
      totals = new Totals()
      groups.set(k, totals)
    }
    return totals
  }
  visitLogs(scope, {
    segment: (m, s, from, till) => group(key(m, s.design, s.operator, from))?.addSegment(m, s, from, till),
    threadbreak: (m, b) => {
      const totals = group(key(m, b.design, b.operator, b.at))
      if (totals) totals.threadbreaks++
    },
    completedRun: (m, r) => {
      const totals = group(key(m, r.design, r.operator, r.end))
      if (totals) {
        totals.pieces += m.activeHeads
        totals.runs++
      }
    },
  })
  return groups
}

/** Local calendar days covering the scope, to name the day of any instant without Intl per record. */
export function localDays(scope: Scope): (at: number) => string {
  const { timeZone } = scope.factory.options
  const starts: number[] = []
  const keys: string[] = []
  const last = localDateKey(scope.till, timeZone)
  for (let day = localDate(scope.from, timeZone); ; day = addDays(day, 1)) {
    const start = startOfLocalDay(day, timeZone)
    const key = localDateKey(start, timeZone)
    starts.push(start)
    keys.push(key)
    if (key >= last) break
  }
  // the last day starting at or before `at` (the first day for an instant before the scope)
  return (at) => keys[Math.max(0, upperBound(starts, at) - 1)]!
}
