// One piece: the demo's table of reports (REPORTS), one entry per documented report, over shared
// helpers; the table is the file's point.
import type { ReportPath, ReportQuery } from '../../src/api/contract/report-params'
import { upperBound } from '../../src/lib/binary-search'
import { addDays, localDate, startOfLocalDay } from '../../src/lib/factory-time'
import { shiftWindows } from '../../src/lib/shift-window'
import { DEMO_CODE_OF } from '../../src/lib/status-codes'
import type { DemoFactory } from './demo-factory'
import type { DemoCompany, DemoDesign, DemoMachine } from './factory'
import { DEMO_STATUSES, type DemoStatus, type Run } from './log-types'
import { narrowScope, reportScope, type Scope, Totals, totalsBy, visitLogs } from './scope'

/** The demo's reports, each in the shape myzsk-api.md 1.7–1.22 documents for it. */
type Row = Record<string, unknown>
type Report = (scope: Scope, query: ReportQuery) => Row[] | Row

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits
const codeOf = (status: Exclude<DemoStatus, 'offline'>) => DEMO_CODE_OF[status]
const REPORTED = DEMO_STATUSES.filter(
  (status): status is Exclude<DemoStatus, 'offline'> => status !== 'offline',
)

/** The design a query names (designId, and designStitches where given); null matches every design.
 * A design key that does not match the catalogue matches nothing (the vendor keys designs by both). */
function designFilter(company: DemoCompany, query: ReportQuery): ((design: number) => boolean) | null {
  if (query.designId === null) return null
  const index = company.designs.findIndex(
    (d) => d.id === query.designId && (query.designStitches === null || d.stitches === query.designStitches),
  )
  return (design) => design === index && index >= 0
}

const byMachineId = (a: DemoMachine, b: DemoMachine) => a.machine_id.localeCompare(b.machine_id)

/** Totals per machine and design (keys `machineIndex|design`), in machine, then design-name order. */
function machineDesignTotals(scope: Scope, wanted: ((design: number) => boolean) | null) {
  const machines = [...scope.machines].sort(byMachineId)
  const totals = totalsBy(scope, (m, design) =>
    design >= 0 && (!wanted || wanted(design)) ? `${m.machine_id}|${design}` : null,
  )
  const { designs } = scope.company
  return machines.flatMap((m) =>
    [...totals]
      .filter(([key]) => key.startsWith(`${m.machine_id}|`))
      .map(([key, t]) => ({ m, design: designs[Number(key.split('|')[1])]!, t }))
      .sort((a, b) => a.design.name.localeCompare(b.design.name)),
  )
}

/** myzsk-api.md 1.8: counts by head and needle per machine, folded dimension 0 for H / N. */
export function threadbreakCounts(
  scope: Scope,
  grouping: 'HN' | 'H' | 'N',
): Map<string, Map<string, number>> {
  const counts = new Map<string, Map<string, number>>()
  visitLogs(scope, {
    threadbreak: (m, b) => {
      const head = grouping === 'N' ? 0 : b.head
      const needle = grouping === 'H' ? 0 : b.needle
      let cells = counts.get(m.machine_id)
      if (!cells) {
        cells = new Map()
        counts.set(m.machine_id, cells)
      }
      const key = `${head}:${needle}`
      cells.set(key, (cells.get(key) ?? 0) + 1)
    },
  })
  return counts
}

type CountRow = {
  id_machine: string
  machine_name: string
  head: number
  needle: number
  threadbreaks: number
}

function threadbreakRows(
  scope: Scope,
  grouping: 'HN' | 'H' | 'N',
  order: (a: CountRow, b: CountRow) => number,
): CountRow[] {
  const counts = threadbreakCounts(scope, grouping)
  return [...scope.machines].sort(byMachineId).flatMap((m) =>
    [...(counts.get(m.machine_id) ?? [])]
      .map(([key, threadbreaks]) => {
        const [head, needle] = key.split(':').map(Number) as [number, number]
        return { id_machine: m.machine_id, machine_name: m.machine_name, head, needle, threadbreaks }
      })
      .sort(order),
  )
}

const byHeadThenNeedle = (a: CountRow, b: CountRow) => a.head - b.head || a.needle - b.needle

/** Calls `visit` with each completed pass inside the scope's windows (of the wanted designs); the run
 * object is the visitor's, refilled for the next pass: nothing keeps it (a month is some 50,000 passes). */
function eachCompletedPass(
  scope: Scope,
  wanted: ((design: number) => boolean) | null,
  visit: (run: Run) => void,
): void {
  visitLogs(scope, {
    completedRun: (_m, run) => {
      if (!wanted || wanted(run.design)) visit(run)
    },
  })
}

/** How many completed passes of the wanted designs the scope holds. */
function passes(scope: Scope, wanted: ((design: number) => boolean) | null): number {
  let count = 0
  eachCompletedPass(scope, wanted, () => count++)
  return count
}

/** myzsk-api.md 1.15 / 1.16: pass times per design, ignoreOutliers percent dropped at each end. */
function passTimes(scope: Scope, query: ReportQuery, time: (run: Run) => number): Row[] {
  const byDesign = new Map<number, number[]>()
  eachCompletedPass(scope, designFilter(scope.company, query), (run) => {
    const times = byDesign.get(run.design) ?? []
    times.push(time(run))
    byDesign.set(run.design, times)
  })
  const { designs } = scope.company
  return [...byDesign]
    .map(([design, times]) => ({ design: designs[design]!, times: times.sort((a, b) => a - b) }))
    .sort((a, b) => a.design.name.localeCompare(b.design.name))
    .map(({ design, times }) => {
      const cut = Math.floor((times.length * query.ignoreOutliers) / 100)
      const kept = times.length - 2 * cut > 0 ? times.slice(cut, times.length - cut) : times
      return {
        designId: design.id,
        designName: design.name,
        designStitches: design.stitches,
        passes: kept.length,
        minTime: kept[0]!,
        maxTime: kept[kept.length - 1]!,
        avgTime: Math.floor(kept.reduce((a, b) => a + b, 0) / kept.length),
      }
    })
}

/** The company's work periods (myzsk-api.md 1.6): its working shifts of the configured ones. */
export function workPeriods(factory: DemoFactory, company: DemoCompany) {
  return factory.options.shifts
    .map((shift, i) => ({ shift, id: i + 1 }))
    .filter(({ shift }) => company.workingShifts === 'all' || company.workingShifts.includes(shift.name))
    .map(({ shift, id }) => ({
      id,
      name: shift.name,
      id_company: company.numericId,
      timezone: factory.options.timeZone,
      shift,
    }))
}

const statusBreakdown = (t: Totals) =>
  Object.fromEntries(
    REPORTED.filter((s) => t.seconds[s] > 0).map((s) => [String(codeOf(s)), Math.round(t.seconds[s])]),
  )

const REPORTS: Record<ReportPath, Report> = {
  '/reports/stitches': (scope) =>
    machineDesignTotals(scope, null).map(({ m, design, t }) => ({
      machine_id: m.machine_id,
      stitches: t.stitches,
      threadbreaks: t.threadbreaks,
      id_design: design.id,
      design_name: design.name,
      design_stitches: design.stitches,
    })),

  '/reports/threadbreaks': (scope, query) =>
    threadbreakRows(
      scope,
      query.grouping as 'HN' | 'H' | 'N',
      (a, b) => b.threadbreaks - a.threadbreaks || byHeadThenNeedle(a, b),
    ),

  '/reports/threadbreaks-by-machine/aggregated': (scope, query) => {
    const grouping = ({ head: 'H', needle: 'N', both: 'HN' } as const)[
      query.grouping as 'head' | 'needle' | 'both'
    ]
    const direction = query.reverseHeadOrder ? -1 : 1
    return threadbreakRows(scope, grouping, (a, b) => direction * (a.head - b.head) || a.needle - b.needle)
  },

  '/reports/threadbreaks-by-machine': (scope) => {
    const { designs } = scope.company
    const events: Array<{ at: number; row: Row }> = []
    visitLogs(scope, {
      threadbreak: (m, b) =>
        events.push({
          at: b.at,
          row: {
            timestamp: Math.round(b.at * 1000),
            id_machine: m.machine_id,
            machine_name: m.machine_name,
            head: b.head,
            needle: b.needle,
            pattern: designs[b.design]!.id,
            pattern_stitchnumber: b.stitch,
            stitches: designs[b.design]!.stitches,
            rotation_speed: b.rpm,
          },
        }),
    })
    // newest first (myzsk-api.md 1.10)
    return events
      .sort((a, b) => b.at - a.at || String(a.row.id_machine).localeCompare(String(b.row.id_machine)))
      .map((e) => e.row)
  },

  '/reports/threadbreaks-by-design': (scope, query) => {
    const wanted = designFilter(scope.company, query)!
    const byStitch = new Map<number, number>()
    visitLogs(scope, {
      threadbreak: (_m, b) => {
        if (wanted(b.design)) byStitch.set(b.stitch, (byStitch.get(b.stitch) ?? 0) + 1)
      },
    })
    return {
      designId: query.designId,
      designStitches: query.designStitches,
      totalPasses: passes(scope, wanted),
      threadbreaks: [...byStitch]
        .sort(([a], [b]) => a - b)
        .map(([stitch, threadbreaks]) => ({ stitch, threadbreaks })),
    }
  },

  '/reports/machine-summary': (scope) => {
    const totals = totalsBy(scope, (m) => m.machine_id)
    return [...scope.machines].sort(byMachineId).map((m) => {
      const t = totals.get(m.machine_id) ?? new Totals()
      const total = t.reportedSeconds
      return {
        machineId: m.machine_id,
        machineName: m.machine_name,
        stitches: t.stitches,
        threadbreaks: t.threadbreaks,
        passes: t.runs,
        pieces: t.pieces,
        totalTime: Math.round(total),
        productionTime: Math.round(t.productionSeconds),
        utilization: total > 0 ? round((100 * t.productionSeconds) / total) : 0,
        stitchesPerMinute: total > 0 ? round(t.stitches / (total / 60)) : 0,
        statusBreakdown: statusBreakdown(t),
      }
    })
  },

  '/reports/average-rpm': (scope) => {
    const totals = totalsBy(scope, (m) => m.machine_id)
    const locations = new Map(scope.company.locations.map((l) => [l.id, l.name]))
    return [...scope.machines].sort(byMachineId).map((m) => {
      const t = totals.get(m.machine_id) ?? new Totals()
      const productive = t.seconds.running
      return {
        locationId: m.location_id,
        locationName: locations.get(m.location_id) ?? '',
        machineId: m.machine_id,
        machineName: m.machine_name,
        productiveTime: Math.round(productive),
        stitches: t.stitches,
        averageRpm: productive > 0 ? round(t.stitches / (productive / 60)) : 0,
      }
    })
  },

  '/reports/machine-productivity': (scope, query) =>
    machineDesignTotals(scope, designFilter(scope.company, query)).map(({ m, design, t }) => ({
      machineId: m.machine_id,
      machineName: m.machine_name,
      designId: design.id,
      designStitches: design.stitches,
      runningTime: Math.round(t.seconds.running),
      totalStitches: design.stitches * t.runs,
      passes: t.runs,
      threadbreaks: t.threadbreaks,
    })),

  // running seconds of each pass, floored; production: the whole pass, rounded up
  '/reports/runningtime': (scope, query) => passTimes(scope, query, (run) => Math.floor(run.running)),
  '/reports/productiontime': (scope, query) =>
    passTimes(scope, query, (run) => Math.ceil(run.end - run.start)),

  '/reports/shift-comparison': (scope) => {
    const periods = workPeriods(scope.factory, scope.company)
    const perShift = periods.map((p) => {
      const spans = shiftWindows(p.shift, scope.from, scope.till, scope.factory.options.timeZone)
      return totalsBy(narrowScope(scope, spans), (m) => m.machine_id)
    })
    const all = totalsBy(scope, (m) => m.machine_id)
    const locations = new Map(scope.company.locations.map((l) => [l.id, l.name]))
    return [...scope.machines].sort(byMachineId).map((m) => ({
      machineId: m.machine_id,
      machineName: m.machine_name,
      locationId: m.location_id,
      locationName: locations.get(m.location_id) ?? '',
      stitches: all.get(m.machine_id)?.stitches ?? 0,
      threadbreaks: all.get(m.machine_id)?.threadbreaks ?? 0,
      shifts: periods.map((p, i) => ({
        shiftId: p.id,
        shiftName: p.name,
        stitches: perShift[i]!.get(m.machine_id)?.stitches ?? 0,
        threadbreaks: perShift[i]!.get(m.machine_id)?.threadbreaks ?? 0,
      })),
    }))
  },

  '/reports/time-comparison': (scope) => {
    // one entry per local day of the whole range, zero-filled; `day` is that day's midnight
    const { timeZone } = scope.factory.options
    const starts: number[] = []
    for (let day = localDate(scope.from, timeZone); ; day = addDays(day, 1)) {
      const start = startOfLocalDay(day, timeZone)
      if (start >= scope.till) break
      starts.push(start)
    }
    // the last day starting at or before `at` (the first day for an instant before the range)
    const dayOf = (at: number) => String(starts[Math.max(0, upperBound(starts, at) - 1)])
    const totals = totalsBy(scope, (_m, _d, _o, at) => dayOf(at))
    return starts.map((day) => {
      const t = totals.get(String(day))
      const stitches = t?.stitches ?? 0
      const threadbreaks = t?.threadbreaks ?? 0
      return {
        day,
        stitches,
        threadbreaks,
        tbPer10k: stitches > 0 ? round((threadbreaks * 10_000) / stitches) : 0,
      }
    })
  },

  '/reports/design-summary': (scope, query) => {
    const wanted = designFilter(scope.company, query)!
    const { designs } = scope.company
    const rows: Array<{ at: number; row: Row }> = []
    visitLogs(scope, {
      segment: (m, seg, from, till) => {
        if (seg.design < 0 || !wanted(seg.design) || seg.status === 'offline') return
        const design = designs[seg.design]!
        rows.push({
          at: from,
          row: {
            machineId: m.machine_id,
            machineName: m.machine_name,
            designId: design.id,
            designName: design.name,
            stitches: String(design.stitches),
            status: String(codeOf(seg.status)),
            start: String(Math.round(from * 1000)),
            stop: String(Math.round(till * 1000)),
            pastTime: String(Math.round((till - from) * 1000)),
            counter: '1',
          },
        })
      },
    })
    return rows
      .sort((a, b) => a.at - b.at || String(a.row.machineId).localeCompare(String(b.row.machineId)))
      .map((r) => r.row)
  },

  '/reports/daily-design': (scope) => {
    // only designs with at least one completed pass (status 1012) in the range
    const done = new Set<number>()
    eachCompletedPass(scope, null, (run) => done.add(run.design))
    const groups = new Map<
      number,
      Map<string, { m: DemoMachine; status: number; duration: number; count: number }>
    >()
    visitLogs(scope, {
      segment: (m, seg, from, till) => {
        if (seg.design < 0 || !done.has(seg.design) || seg.status === 'offline') return
        let byMachine = groups.get(seg.design)
        if (!byMachine) {
          byMachine = new Map()
          groups.set(seg.design, byMachine)
        }
        const status = codeOf(seg.status)
        const key = `${m.machine_id}|${status}`
        const g = byMachine.get(key) ?? { m, status, duration: 0, count: 0 }
        g.duration += Math.round(till - from)
        g.count++
        byMachine.set(key, g)
      },
    })
    const { designs } = scope.company
    return [...groups]
      .map(([index, byMachine]) => ({ design: designs[index]!, byMachine }))
      .sort((a, b) => a.design.name.localeCompare(b.design.name))
      .map(
        ({
          design,
          byMachine,
        }: {
          design: DemoDesign
          byMachine: Map<string, { m: DemoMachine; status: number; duration: number; count: number }>
        }) => ({
          key: `${design.id}_${design.stitches}`,
          designId: design.id,
          stitches: String(design.stitches),
          data: [...byMachine.values()]
            .sort((a, b) => a.m.machine_id.localeCompare(b.m.machine_id) || a.status - b.status)
            .map((g) => ({
              machineId: g.m.machine_id,
              machineName: g.m.machine_name,
              status: g.status,
              designId: design.id,
              designName: design.name,
              stitches: design.stitches,
              duration: g.duration,
              status_count: g.count,
            })),
        }),
      )
  },

  '/reports/number-of-pieces': (scope) =>
    machineDesignTotals(scope, null)
      .filter(({ t }) => t.runs > 0)
      .map(({ m, design, t }) => ({
        machineId: m.machine_id,
        machineName: m.machine_name,
        designId: design.id,
        designName: design.name,
        designStitches: design.stitches,
        passes: t.runs,
        activeHeads: m.activeHeads,
        pieces: t.pieces,
        totalStitches: t.pieces * design.stitches,
      })),

  '/reports/operator-overview': (scope, query) => {
    const { operators } = scope.company
    const wanted = query.operatorId === 'all' ? null : operators.findIndex((o) => o.id === query.operatorId)
    const statuses = new Map<number, Map<number, { counter: number; ms: number }>>()
    visitLogs(scope, {
      segment: (_m, seg, from, till) => {
        if (seg.operator < 0 || seg.status === 'offline') return
        const byCode = statuses.get(seg.operator) ?? new Map()
        statuses.set(seg.operator, byCode)
        const entry = byCode.get(codeOf(seg.status)) ?? { counter: 0, ms: 0 }
        entry.counter++
        entry.ms += (till - from) * 1000
        byCode.set(codeOf(seg.status), entry)
      },
    })
    const totals = totalsBy(scope, (_m, _d, operator) =>
      operator >= 0 && (wanted === null || operator === wanted) ? String(operator) : null,
    )
    return [...totals]
      .map(([index, t]) => ({ index: Number(index), t }))
      .sort((a, b) => operators[a.index]!.name.localeCompare(operators[b.index]!.name))
      .map(({ index, t }) => ({
        operatorId: operators[index]!.id,
        operatorName: operators[index]!.name,
        stitches: t.stitches,
        threadbreaks: t.threadbreaks,
        passings: t.runs,
        pieces: t.pieces,
        workTime: Math.round(t.reportedSeconds),
        status: [...(statuses.get(index) ?? [])]
          .sort(([a], [b]) => a - b)
          .map(([status, e]) => ({ status, counter: e.counter, pastTime: Math.round(e.ms) })),
      }))
  },
}

export function runReport(
  factory: DemoFactory,
  company: DemoCompany,
  path: ReportPath,
  query: ReportQuery,
): Row[] | Row {
  return REPORTS[path](reportScope(factory, company, query), query)
}
