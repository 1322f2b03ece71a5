import type { ReportPath, ReportQuery } from '../../src/api/contract/report-params'
import type { ReportRow } from '../../src/api/contract/report-row'
import type { ThreadbreakRow } from '../../src/api/contract/threadbreak-row'
import { shiftWindows } from '../../src/lib/shift-window'
import { type DemoFactory, isoSeconds } from './demo-factory'
import type { DemoCompany, DemoMachine } from './factory'
import { localDays, narrowScope, reportScope, type Scope, Totals, totalsBy, visitLogs } from './scope'

type Report = (scope: Scope, query: ReportQuery) => ReportRow[]

const hours = (seconds: number) => seconds / 3600
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits
const machineKey = (m: DemoMachine) => m.machine_id
const machineColumns = (m: DemoMachine) => ({ id_machine: m.machine_id, machine_name: m.machine_name })

function machineRows(scope: Scope, row: (m: DemoMachine, t: Totals) => ReportRow): ReportRow[] {
  const totals = totalsBy(scope, machineKey)
  return scope.machines.map((m) => row(m, totals.get(m.machine_id) ?? new Totals()))
}

/** Rows keyed by design name, in name order. */
function designRows(
  scope: Scope,
  row: (name: string, stitches: number, t: Totals) => ReportRow,
): ReportRow[] {
  const { designs } = scope.company
  const totals = totalsBy(scope, (_m, design) => (design >= 0 ? String(design) : null))
  return [...totals]
    .map(([design, t]) => ({ design: designs[Number(design)]!, t }))
    .sort((a, b) => a.design.name.localeCompare(b.design.name))
    .map(({ design, t }) => row(design.name, design.stitches, t))
}

/** Reference 4.3: counts by head and needle per machine, folded dimension 0 for H / N,
 * ordered by machine, then by frequency (highest first); bobbin rows only when asked for. */
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

function threadbreakRows(
  scope: Scope,
  grouping: 'HN' | 'H' | 'N',
  order: (a: ThreadbreakRow, b: ThreadbreakRow) => number,
): ThreadbreakRow[] {
  const counts = threadbreakCounts(scope, grouping)
  const machines = [...scope.machines].sort((a, b) => a.machine_id.localeCompare(b.machine_id))
  return machines.flatMap((m) =>
    [...(counts.get(m.machine_id) ?? [])]
      .map(([key, threadbreaks]) => {
        const [head, needle] = key.split(':').map(Number) as [number, number]
        return { ...machineColumns(m), head, needle, threadbreaks }
      })
      .sort(order),
  )
}

const byHeadThenNeedle = (a: ThreadbreakRow, b: ThreadbreakRow) => a.head - b.head || a.needle - b.needle

const REPORTS: Record<ReportPath, Report> = {
  '/reports/stitches': (scope) =>
    designRows(scope, (design_name, stitches_per_piece, t) => ({
      design_name,
      stitches_per_piece,
      stitches: t.stitches,
      pieces: t.pieces,
      running_hours: round(hours(t.seconds.running), 2),
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

  '/reports/machine-summary': (scope) =>
    machineRows(scope, (m, t) => {
      const total =
        t.seconds.running + t.seconds.stopped + t.seconds.threadbreak + t.seconds.idle + t.seconds.offline
      return {
        ...machineColumns(m),
        location_name: m.location_name,
        heads: m.heads,
        needles: m.needles,
        running_hours: round(hours(t.seconds.running), 2),
        stopped_hours: round(hours(t.seconds.stopped), 2),
        threadbreak_hours: round(hours(t.seconds.threadbreak), 2),
        idle_hours: round(hours(t.seconds.idle), 2),
        offline_hours: round(hours(t.seconds.offline), 2),
        utilization_percent: total > 0 ? round((100 * t.seconds.running) / total) : 0,
        stitches: t.stitches,
        pieces: t.pieces,
        threadbreaks: t.threadbreaks,
      }
    }),

  '/reports/average-rpm': (scope) =>
    machineRows(scope, (m, t) => ({
      ...machineColumns(m),
      average_rpm: t.averageRpm,
      max_rpm: t.maxRpm,
      running_hours: round(hours(t.seconds.running), 2),
    })),

  '/reports/machine-productivity': (scope) =>
    machineRows(scope, (m, t) => ({
      ...machineColumns(m),
      stitches: t.stitches,
      pieces: t.pieces,
      running_hours: round(hours(t.seconds.running), 2),
      production_hours: round(hours(t.productionSeconds), 2),
      productivity_percent:
        t.productionSeconds > 0 ? round((100 * t.seconds.running) / t.productionSeconds) : 0,
      stitches_per_hour: t.seconds.running > 0 ? Math.round(t.stitches / hours(t.seconds.running)) : 0,
    })),

  '/reports/runningtime': (scope) =>
    designRows(scope, (design_name, _stitches, t) => ({
      design_name,
      completed_runs: t.runs,
      running_hours: round(hours(t.seconds.running), 2),
      average_running_minutes: t.runs > 0 ? round(t.seconds.running / 60 / t.runs) : null,
    })),

  '/reports/productiontime': (scope) =>
    designRows(scope, (design_name, _stitches, t) => ({
      design_name,
      completed_runs: t.runs,
      production_hours: round(hours(t.productionSeconds), 2),
      running_hours: round(hours(t.seconds.running), 2),
      interruption_hours: round(hours(t.seconds.stopped + t.seconds.threadbreak), 2),
      average_production_minutes: t.runs > 0 ? round(t.productionSeconds / 60 / t.runs) : null,
    })),

  '/reports/shift-comparison': (scope) =>
    scope.factory.options.shifts.map((shift) => {
      const spans = shiftWindows(shift, scope.from, scope.till, scope.factory.options.timeZone)
      const t = totalsBy(narrowScope(scope, spans), () => 'all').get('all')
      const running = t?.seconds.running ?? 0
      return {
        shift: shift.name,
        from: shift.from,
        to: shift.to,
        shifts_in_range: spans.length,
        running_hours: round(hours(running), 2),
        stitches: t?.stitches ?? 0,
        pieces: t?.pieces ?? 0,
        threadbreaks: t?.threadbreaks ?? 0,
        average_rpm: t?.averageRpm ?? 0,
        threadbreaks_per_running_hour: running > 0 ? round((t?.threadbreaks ?? 0) / hours(running), 2) : 0,
      }
    }),

  '/reports/time-comparison': (scope) => {
    const day = localDays(scope)
    const totals = totalsBy(scope, (_m, _d, _o, at) => day(at).slice(0, 7))
    return [...totals]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([month, t]) => ({
        month,
        running_hours: round(hours(t.seconds.running), 2),
        stitches: t.stitches,
        pieces: t.pieces,
        threadbreaks: t.threadbreaks,
        average_rpm: t.averageRpm,
      }))
  },

  '/reports/threadbreaks-by-machine': (scope) => {
    const { designs, operators } = scope.company
    const events: Array<{ at: number; row: ReportRow }> = []
    visitLogs(scope, {
      threadbreak: (m, b) =>
        events.push({
          at: b.at,
          row: {
            timestamp: isoSeconds(b.at),
            ...machineColumns(m),
            head: b.head,
            needle: b.needle,
            design_name: designs[b.design]?.name ?? null,
            operator: operators[b.operator] ?? null,
          },
        }),
    })
    return events
      .sort((a, b) => a.at - b.at || String(a.row.id_machine).localeCompare(String(b.row.id_machine)))
      .map((e) => e.row)
  },

  '/reports/threadbreaks-by-design': (scope) =>
    designRows(scope, (design_name, _stitches, t) => ({
      design_name,
      threadbreaks: t.threadbreaks,
      stitches: t.stitches,
      threadbreaks_per_100k_stitches: t.stitches > 0 ? round((t.threadbreaks * 100_000) / t.stitches, 2) : 0,
    })),

  '/reports/design-summary': (scope) => {
    const { designs } = scope.company
    const groups = new Map<
      string,
      { m: DemoMachine; design: number; status: string; n: number; s: number; first: number; last: number }
    >()
    visitLogs(scope, {
      segment: (m, seg, from, till) => {
        if (seg.design < 0) return
        const key = `${m.machine_id}|${seg.design}|${seg.status}`
        const g = groups.get(key)
        if (g) {
          g.n++
          g.s += till - from
          g.last = till
        } else
          groups.set(key, {
            m,
            design: seg.design,
            status: seg.status,
            n: 1,
            s: till - from,
            first: from,
            last: till,
          })
      },
    })
    return [...groups.values()]
      .sort(
        (a, b) =>
          a.m.machine_id.localeCompare(b.m.machine_id) ||
          a.design - b.design ||
          a.status.localeCompare(b.status),
      )
      .map((g) => ({
        ...machineColumns(g.m),
        design_name: designs[g.design]!.name,
        status: g.status,
        intervals: g.n,
        duration_minutes: round(g.s / 60),
        first_start: isoSeconds(g.first),
        last_end: isoSeconds(g.last),
      }))
  },

  '/reports/daily-design': (scope) => {
    const { designs } = scope.company
    const day = localDays(scope)
    const totals = totalsBy(scope, (_m, design, _o, at) => (design >= 0 ? `${day(at)}|${design}` : null))
    return [...totals]
      .map(([key, t]) => {
        const [date, design] = key.split('|') as [string, string]
        return { date, design_name: designs[Number(design)]!.name, t }
      })
      .sort((a, b) => a.date.localeCompare(b.date) || a.design_name.localeCompare(b.design_name))
      .map(({ date, design_name, t }) => ({
        date,
        design_name,
        pieces: t.pieces,
        stitches: t.stitches,
        running_hours: round(hours(t.seconds.running), 2),
      }))
  },

  '/reports/number-of-pieces': (scope) => {
    const { designs } = scope.company
    const byId = new Map(scope.machines.map((m) => [m.machine_id, m]))
    const totals = totalsBy(scope, (m, design) => (design >= 0 ? `${m.machine_id}|${design}` : null))
    return [...totals]
      .filter(([, t]) => t.pieces > 0)
      .map(([key, t]) => {
        const [id, design] = key.split('|') as [string, string]
        return { m: byId.get(id)!, design_name: designs[Number(design)]!.name, t }
      })
      .sort(
        (a, b) => a.m.machine_id.localeCompare(b.m.machine_id) || a.design_name.localeCompare(b.design_name),
      )
      .map(({ m, design_name, t }) => ({
        ...machineColumns(m),
        design_name,
        completed_runs: t.runs,
        pieces: t.pieces,
      }))
  },

  '/reports/operator-overview': (scope) => {
    const { operators } = scope.company
    const totals = totalsBy(scope, (_m, _d, operator) => (operator >= 0 ? operators[operator]! : null))
    return [...totals]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([operator, t]) => ({
        operator,
        machines: t.machines.size,
        running_hours: round(hours(t.seconds.running), 2),
        production_hours: round(hours(t.productionSeconds), 2),
        stitches: t.stitches,
        pieces: t.pieces,
        threadbreaks: t.threadbreaks,
        average_rpm: t.averageRpm,
      }))
  },
}

export function runReport(
  factory: DemoFactory,
  company: DemoCompany,
  path: ReportPath,
  query: ReportQuery,
): ReportRow[] {
  return REPORTS[path](reportScope(factory, company, query), query)
}
