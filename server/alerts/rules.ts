import type { MachineFacts } from '../../src/api/contract/to-domain'
import { type AlertWhat, alertCause, alertDetail } from '../../src/lib/alert-words'
import { machineLabel, type ThreadbreakEvent } from '../../src/lib/domain'
import { findHotSpots, type PlaceFamily } from '../../src/lib/hot-spots'
import type { TaskOverdue } from '../../src/lib/maintenance'
import type { StatusEntry } from '../../src/lib/status-codes'
import type { OpenInterval } from '../history/store'
import { speaking } from '../messages'
import { type AlertSettings, type RuleId, WATCHED_STATES, type WatchedState } from './settings'

/** A cause for an alert as one evaluation sees it. `active`: the cause is there now (an open alert stays
 * open while it is); `due`: it has lasted long enough to raise one. One key per machine and cause: the
 * same cause on the same machine is always one alert. */
export interface Condition {
  key: string
  rule: RuleId
  machineId: string
  machineName: string
  /** short, for a title: "Thread break", "Head 3" */
  cause: string
  /** one sentence of what is wrong */
  detail: string
  /** what it is about, as data: its words in each reader's language (src/lib/alert-words.ts); cause and
   * detail are its English words, kept as raised */
  what: AlertWhat
  /** since when (Unix ms); a lower bound where the history began after it */
  since: number
  active: boolean
  due: boolean
}

/** An alert's English words as raised (kept with it), and what they were made from. */
const words = (what: AlertWhat, machine: string) => {
  const { t } = speaking('en')
  return { cause: alertCause(what, t), detail: alertDetail(what, machine, t), what }
}

const stateOf = (
  interval: Pick<OpenInterval, 'code' | 'turning' | 'reporting'>,
  codes: ReadonlyMap<number, StatusEntry>,
): string => {
  if (!interval.reporting) return 'not-reporting'
  if (interval.turning) return 'running'
  if (interval.code === null) return 'unknown'
  return codes.get(interval.code)?.state ?? 'unknown'
}

const isWatched = (state: string): state is WatchedState =>
  (WATCHED_STATES as readonly string[]).includes(state)

/** The state rule: a machine stopped, in a thread break, in error, not reporting or with a status nobody
 * explained for longer than its state's threshold. `open`: what each machine does now and since when
 * (the history's open intervals). */
export function stateConditions(
  open: readonly OpenInterval[],
  facts: ReadonlyMap<string, MachineFacts>,
  codes: ReadonlyMap<number, StatusEntry>,
  settings: AlertSettings['rules']['state'],
  now: number,
): Condition[] {
  if (!settings.enabled) return []
  const result: Condition[] = []
  for (const interval of open) {
    const state = stateOf(interval, codes)
    if (!isWatched(state)) continue
    const name = machineLabel(interval.machineId, facts.get(interval.machineId)?.name)
    const meaning = interval.code === null ? undefined : codes.get(interval.code)
    const what: AlertWhat = {
      rule: 'state',
      state,
      code: interval.code,
      label: state !== 'not-reporting' && meaning?.state === state ? meaning.label : null,
      ...(state !== 'not-reporting' && meaning?.state === state && meaning.words
        ? { words: meaning.words }
        : {}),
      atLeast: interval.seenSince,
    }
    const minutes = settings.minutes[state]
    result.push({
      key: `${interval.machineId}|state`,
      rule: 'state',
      machineId: interval.machineId,
      machineName: name,
      ...words(what, name),
      since: interval.startedAt,
      active: true,
      due: now - interval.startedAt >= minutes * 60_000,
    })
  }
  return result
}

/** The thread suppliers' advice: when the last `inARow` breaks of a machine were all on one needle of
 * one head, within `withinMinutes`, the head should be switched off and checked (thread path, needle,
 * tension). `events`: the machine breaks of the current shift. The cause stays while the newest of them
 * is less than `withinMinutes` old: a needle that then sews that long without a break is all clear. */
export function headBreakConditions(
  events: readonly ThreadbreakEvent[],
  settings: AlertSettings['rules']['head-breaks'],
  now: number,
): Condition[] {
  if (!settings.enabled) return []
  const byMachine = new Map<string, ThreadbreakEvent[]>()
  for (const e of events) {
    const list = byMachine.get(e.machineId)
    if (list) list.push(e)
    else byMachine.set(e.machineId, [e])
  }
  const result: Condition[] = []
  for (const [machineId, list] of byMachine) {
    const newest = [...list].sort((a, b) => b.at - a.at).slice(0, settings.inARow)
    if (newest.length < settings.inARow) continue
    const { head, needle } = newest[0]!
    if (!newest.every((e) => e.head === head && e.needle === needle)) continue
    const window = settings.withinMinutes * 60_000
    if (newest[0]!.at - newest.at(-1)!.at > window || now - newest[0]!.at >= window) continue
    const machineName = machineLabel(machineId, newest[0]!.machineName)
    result.push({
      key: `${machineId}|head-breaks|h${head}n${needle}`,
      rule: 'head-breaks',
      machineId,
      machineName,
      ...words({ rule: 'head-breaks', head, needle, inARow: settings.inARow }, machineName),
      since: newest.at(-1)!.at,
      active: true,
      due: true,
    })
  }
  return result
}

/** The thread-break page's hot-spot rule (lib/hot-spots), on the current shift's breaks by head and by
 * needle of each machine: a place flagged there is an alert. */
export function hotSpotConditions(
  events: readonly ThreadbreakEvent[],
  facts: ReadonlyMap<string, MachineFacts>,
  settings: AlertSettings['rules']['hot-spot'],
): Condition[] {
  if (!settings.enabled) return []
  const heads = new Map<string, Map<number, number>>()
  const needles = new Map<string, Map<number, number>>()
  const first = new Map<string, number>()
  const names = new Map<string, string>()
  for (const e of events) {
    const h = heads.get(e.machineId) ?? new Map<number, number>()
    h.set(e.head, (h.get(e.head) ?? 0) + 1)
    heads.set(e.machineId, h)
    const n = needles.get(e.machineId) ?? new Map<number, number>()
    n.set(e.needle, (n.get(e.needle) ?? 0) + 1)
    needles.set(e.machineId, n)
    first.set(`${e.machineId}|h${e.head}`, Math.min(first.get(`${e.machineId}|h${e.head}`) ?? e.at, e.at))
    first.set(`${e.machineId}|n${e.needle}`, Math.min(first.get(`${e.machineId}|n${e.needle}`) ?? e.at, e.at))
    names.set(e.machineId, e.machineName)
  }
  const families: PlaceFamily[] = []
  for (const [machineId, counts] of heads) {
    const machine = facts.get(machineId)
    const name = machineLabel(machineId, machine?.name ?? names.get(machineId))
    // every head and needle of the machine is a place, those without a break too
    const headCount = Math.max(machine?.heads ?? 0, ...counts.keys())
    const needleCounts = needles.get(machineId)!
    const needleCount = Math.max(machine?.needles ?? 0, ...needleCounts.keys())
    families.push({
      machineId,
      machineName: name,
      places: Array.from({ length: headCount }, (_, i) => ({
        head: i + 1,
        needle: null,
        count: counts.get(i + 1) ?? 0,
      })),
    })
    families.push({
      machineId,
      machineName: name,
      // needle 0 is the bobbin, not one of the needles spread over
      places: Array.from({ length: needleCount }, (_, i) => ({
        head: null,
        needle: i + 1,
        count: needleCounts.get(i + 1) ?? 0,
      })),
    })
  }
  return findHotSpots(families).map((spot) => {
    const part = spot.head !== null ? `h${spot.head}` : `n${spot.needle}`
    return {
      key: `${spot.machineId}|hot-spot|${part}`,
      rule: 'hot-spot' as const,
      machineId: spot.machineId,
      machineName: spot.machineName,
      ...words(
        { rule: 'hot-spot', head: spot.head, needle: spot.needle, count: spot.count, ratio: spot.ratio },
        spot.machineName,
      ),
      since: first.get(`${spot.machineId}|${part}`) ?? 0,
      active: true,
      due: true,
    }
  })
}

/** An enrolled wall screen as the screens rule sees it: when it was last in touch. */
export interface ScreenContact {
  id: number
  name: string
  /** its location's name, if it has one */
  location: string | null
  /** its last contact (a page, a poll, its live stream), or its enrolment (Unix ms) */
  seenAt: number
}

/** The screens rule: an enrolled wall screen that has not been in touch for `minutes` (a screen showing
 * the board is in touch at least once a minute) shows nothing any more. It stays while the screen is
 * silent, and clears when it is back. */
export async function screenConditions(
  screens: (() => Promise<readonly ScreenContact[]>) | undefined,
  settings: AlertSettings['rules']['screens'],
  now: number,
): Promise<Condition[]> {
  if (!settings.enabled || !screens) return []
  return (await screens())
    .filter((screen) => now - screen.seenAt >= settings.minutes * 60_000)
    .map((screen) => ({
      key: `screen-${screen.id}|screens`,
      rule: 'screens' as const,
      machineId: `screen-${screen.id}`,
      machineName: screen.name,
      ...words({ rule: 'screens', location: screen.location }, screen.name),
      since: screen.seenAt,
      active: true,
      due: true,
    }))
}

/** An open order late or at risk, as the orders rule reads it. */
export interface OrderAtRisk {
  id: number
  reference: string
  customer: string
  dueAt: number
  late: boolean
  /** due − expected finish (ms) */
  marginMs: number
  /** when it was first seen late or at risk */
  since: number
}

/** The orders rule: an open order whose expected finish is past its due time (late) or whose slow end is
 * (at risk). It stays while the order is, and clears when the order is safe again or done. */
export async function orderConditions(
  orders: (() => Promise<readonly OrderAtRisk[]>) | undefined,
  settings: AlertSettings['rules']['orders'],
): Promise<Condition[]> {
  if (!settings.enabled || !orders) return []
  return (await orders()).map((order) => {
    const what: AlertWhat = {
      rule: 'orders',
      customer: order.customer.slice(0, 200),
      late: order.late,
      marginMinutes: Math.round(order.marginMs / 60_000),
    }
    return {
      key: `order-${order.id}|orders`,
      rule: 'orders' as const,
      machineId: `order-${order.id}`,
      machineName: order.reference,
      ...words(what, order.reference),
      since: order.since,
      active: true,
      due: true,
    }
  })
}

/** The maintenance rule: a task overdue on a machine by more than the rule's margin of its interval. It
 * stays until the task is signed off there (or changed so that it is no longer overdue). */
export async function maintenanceConditions(
  overdue: ((marginShare: number) => Promise<readonly TaskOverdue[]>) | undefined,
  settings: AlertSettings['rules']['maintenance'],
): Promise<Condition[]> {
  if (!settings.enabled || !overdue) return []
  return (await overdue(1 + settings.marginPercent / 100)).map((task) => {
    const what: AlertWhat = { rule: 'maintenance', task: task.task.slice(0, 200), heads: task.heads }
    return {
      key: `${task.key}|maintenance`,
      rule: 'maintenance' as const,
      machineId: task.machineId,
      machineName: task.machineName,
      ...words(what, task.machineName),
      since: task.since,
      active: true,
      due: true,
    }
  })
}

/** An alert still open, as the lifecycle needs it. */
export interface OpenAlert {
  id: number
  key: string
  rule: RuleId
  raisedAt: number
  /** the highest escalation level reached (-1: none yet, 0: the first) */
  level: number
  acknowledgedAt: number | null
  /** since when its cause has been gone (null while it is there) */
  okSince: number | null
}

export interface Step {
  raise: Condition[]
  /** open alerts whose cause is there (again), with what it is now */
  hold: Array<{ id: number; condition: Condition }>
  /** open alerts whose cause went away now: the all clear waits for `clearAfterMinutes` */
  okFrom: Array<{ id: number; at: number }>
  clear: Array<{ id: number; at: number }>
  escalate: Array<{ id: number; level: number }>
}

/**
 * One evaluation of the alerts' lifecycle (pure: the clock and everything known are given). Hysteresis:
 * an alert is raised once its cause is due; it stays open while the cause is there and for
 * `clearAfterMinutes` after it went, so a machine that runs a minute and stops again keeps its one alert;
 * it clears only when its cause has been gone that long. Escalation: the levels of its rule whose delay
 * has passed since it was raised, one after another, until it is acknowledged or cleared.
 */
export function step(
  now: number,
  open: readonly OpenAlert[],
  conditions: readonly Condition[],
  settings: AlertSettings,
): Step {
  const byKey = new Map<string, Condition>()
  for (const c of conditions) if (!byKey.has(c.key)) byKey.set(c.key, c)
  const result: Step = { raise: [], hold: [], okFrom: [], clear: [], escalate: [] }
  const openKeys = new Set<string>()
  for (const alert of open) {
    openKeys.add(alert.key)
    const condition = byKey.get(alert.key)
    if (condition?.active) {
      result.hold.push({ id: alert.id, condition })
    } else {
      const okSince = alert.okSince ?? now
      if (alert.okSince === null) result.okFrom.push({ id: alert.id, at: now })
      if (now - okSince >= settings.clearAfterMinutes * 60_000) {
        result.clear.push({ id: alert.id, at: okSince })
        continue
      }
    }
    // acknowledged, or its cause gone (waiting for the all clear): nobody more is called
    if (alert.acknowledgedAt !== null || !condition?.active) continue
    for (const level of dueLevels(settings.rules[alert.rule].levels, alert.level, alert.raisedAt, now))
      result.escalate.push({ id: alert.id, level })
  }
  for (const c of byKey.values()) if (c.due && c.active && !openKeys.has(c.key)) result.raise.push(c)
  return result
}

/** The escalation levels after `reached` whose delay from `raisedAt` has passed at `now`, in order. */
export function dueLevels(
  levels: AlertSettings['rules'][RuleId]['levels'],
  reached: number,
  raisedAt: number,
  now: number,
): number[] {
  const due: number[] = []
  for (let level = reached + 1; level < levels.length; level++) {
    if (now - raisedAt < levels[level]!.afterMinutes * 60_000) break
    due.push(level)
  }
  return due
}
