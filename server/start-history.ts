import { breakEventsOf, machineFactsOf } from '../src/api/contract/to-domain'
import { localDateKey } from '../src/lib/factory-time'
import { REPORT_ORDERS } from '../src/lib/shift-report-orders'
import { realSenders, type Senders } from './alerts/channels'
import { AlertEngine } from './alerts/engine'
import { figuresOf } from './alerts/stats'
import { AlertStore } from './alerts/store'
import type { RunningHistory } from './app'
import { AuditLog } from './audit/log'
import type { Config } from './config'
import type { Db } from './history/db'
import { migrate } from './history/migrations'
import { openDatabase } from './history/open'
import { HistoryStore } from './history/store'
import { Watcher } from './history/watcher'
import { locationNames } from './location-names'
import { maintenanceFigures, maintenanceOverdue } from './maintenance/board'
import { breakCounter } from './maintenance/breaks'
import { seedDemoMaintenance } from './maintenance/demo'
import { MaintenanceStore } from './maintenance/store'
import { ordersAtRisk } from './orders/at-risk'
import { seedDemoOrders } from './orders/demo'
import { designIds } from './orders/designs'
import { OrderFinishes } from './orders/finish'
import { OrderStore } from './orders/store'
import { OrderTracker } from './orders/tracker'
import { DeviceStore } from './people/devices'
import { PeopleStore } from './people/store'
import { seedDemoPlan } from './plan/demo'
import { ShiftResults } from './plan/results'
import { PlanStore } from './plan/store'
import { callUpstream } from './proxy/upstream'
import { ReportDelivery, type ReportDeliveryParts } from './shift-reports/delivery'
import { ReportOutbox } from './shift-reports/outbox'
import { ShiftReporter } from './shift-reports/reporter'
import { ReportStore } from './shift-reports/store'
import { StopBook } from './stops/book'
import { StopStore } from './stops/store'
import type { Upstreams } from './upstreams'

const MAX_BREAK_LOG_BYTES = 32 * 1024 * 1024

/** Opens the database, applies the migrations and starts the watcher and the alerts. Rejects with one
 * clear message when the database cannot be used. */
export async function startHistory(
  config: Pick<
    Config,
    | 'databaseUrl'
    | 'dataDir'
    | 'pollSeconds'
    | 'leaseSeconds'
    | 'historyDays'
    | 'upstreamTimeoutSeconds'
    | 'statusCodes'
    | 'shifts'
    | 'timeZone'
    | 'smtp'
    | 'publicUrl'
    | 'language'
    | 'reportGraceMinutes'
    | 'ordersCountDelaySeconds'
    | 'locations'
    | 'api'
  >,
  upstreams: Upstreams,
  log: (line: string) => void,
  options: {
    now?: () => number
    demoBackfillDays?: number
    senders?: Senders
    dispatchEveryMs?: number
  } = {},
): Promise<
  RunningHistory & {
    db: Db
    reporter: ShiftReporter
    delivery: ReportDeliveryParts
    people: PeopleStore
    audit: AuditLog
    devices: DeviceStore
  }
> {
  const db = await openDatabase(config, log)
  try {
    const applied = await migrate(db)
    if (applied.length > 0) log(`stitchboard: history schema brought to version ${Math.max(...applied)}`)
  } catch (error) {
    await db.close().catch(() => {})
    throw new Error(
      `the history schema cannot be applied (${error instanceof Error ? error.message : String(error)})`,
    )
  }
  // a gap longer than two and a half periods is recorded as one (a restart inside it is not)
  const store = new HistoryStore(db, 2.5 * config.pollSeconds * 1000)
  const { senders, dispatchEveryMs, ...watcherOptions } = options
  let seedDemo: ((from: number, till: number) => Promise<void>) | null = null
  const watcher = new Watcher({
    store,
    db,
    upstreams,
    afterDemoBackfill: (from, till) =>
      seedDemo?.(from, till).catch((error) =>
        log(`stitchboard: the demo's stop reasons and plan: ${error}`),
      ) ?? Promise.resolve(),
    pollSeconds: config.pollSeconds,
    leaseSeconds: config.leaseSeconds,
    historyDays: config.historyDays,
    upstreamTimeoutSeconds: config.upstreamTimeoutSeconds,
    log,
    ...watcherOptions,
  })
  const stops = new StopBook({
    store: new StopStore(db),
    db,
    watcher,
    codes: config.statusCodes.entries,
    shifts: config.shifts,
    timeZone: config.timeZone,
    ...(options.now ? { now: options.now } : {}),
    // a reason given to a stop a report was built over is kept with that report as a correction
    onGiven: async (given) => {
      try {
        const covered = await reports.covering(given.start, given.end)
        if (covered.length === 0) return
        const machineName =
          (await machineFacts().catch(() => null))?.get(given.machineId)?.name ?? given.machineId
        await reports.correct(covered, { ...given, machineName, stopStart: given.start })
      } catch (error) {
        log(`stitchboard: a reason given to a reported stop was not kept as a correction: ${error}`)
      }
    },
  })
  /** A GET of the production API as JSON, bounded (the demo's seed and the alerts' break log). */
  const upstreamJson = async (path: string): Promise<unknown> => {
    const answer = await callUpstream(
      upstreams.api.transport,
      {
        url: `${upstreams.api.baseUrl}${path}`,
        method: 'GET',
        headers: { 'X-API-Key': upstreams.api.apiKey, Accept: 'application/json' },
      },
      {
        timeoutSeconds: config.upstreamTimeoutSeconds,
        maxBytes: MAX_BREAK_LOG_BYTES,
        name: 'the production API',
      },
    )
    if (answer.status !== 200) throw new Error(`the production API answered HTTP ${answer.status}`)
    return JSON.parse(new TextDecoder().decode(answer.body)) as unknown
  }
  const plan = new PlanStore(db)
  /** the machines as the watcher last saw them (or as the production API has them now) */
  const machineFacts = async () => {
    const latest = watcher.latest()
    return machineFactsOf(
      latest ? JSON.parse(new TextDecoder().decode(latest.answer.body)) : await upstreamJson('/machines'),
    )
  }
  const shiftResults = new ShiftResults({
    history: store,
    plan,
    stops,
    machines: async () =>
      [...(await machineFacts())].map(([id, m]) => ({
        id,
        name: m.name,
        locationId: m.locationId,
        configuredRpm: m.setSpeed,
      })),
    upstreamJson,
    shifts: config.shifts,
    timeZone: config.timeZone,
    now: options.now ?? Date.now,
  })
  const reports = new ReportStore(db)
  const orders = new OrderStore(db)
  const tracker = new OrderTracker({
    store: orders,
    upstreamJson,
    log,
    lagMs: config.ordersCountDelaySeconds * 1000,
  })
  const designs = designIds(upstreamJson, options.now ?? Date.now)
  const finishes = new OrderFinishes({
    upstreamJson,
    machines: machineFacts,
    stopSettings: () => stops.settings(),
    planned: (from, till) => stops.plannedBetween(from, till),
    shortStops: (from, till, shortMs) => orders.shortStops(from, till, shortMs),
    recordingSince: async () => (await store.watcher()).recordingSince,
    designs,
    shifts: config.shifts,
    timeZone: config.timeZone,
    now: options.now ?? Date.now,
    log,
    // the pause spares a factory's production API; the embedded demo has none to spare
    ...(config.api.mode === 'demo' ? { pauseMs: 0 } : {}),
  })
  const people = new PeopleStore(db)
  const devices = new DeviceStore(db)
  const audit = new AuditLog(db, log)
  const outbox = new ReportOutbox(db, config.reportGraceMinutes)
  seedDemo = async (from, till) => {
    await stops.seedDemo(from, till)
    // the demo's targets from its machines' set speeds and designs (the watcher's latest answer when it
    // has one), and rejects for its shifts
    const facts = await machineFacts()
    const { breaks } = await stops.settings()
    await seedDemoPlan(plan, facts, config.shifts, breaks, config.timeZone, from, till)
    await seedDemoOrders(orders, upstreamJson, designs, till)
    await seedDemoMaintenance(db, maintenance, facts, from, till)
  }
  // the locations' names for the screens rule, read again at most every 10 minutes
  let screenPlaces: { at: number; names: Promise<ReadonlyMap<number, string>> } | null = null
  const placeNames = () => {
    const at = (options.now ?? Date.now)()
    if (!screenPlaces || at - screenPlaces.at > 600_000)
      screenPlaces = { at, names: locationNames(config.locations, upstreamJson, options.now ?? Date.now) }
    return screenPlaces.names
  }
  const atRisk = ordersAtRisk(orders, finishes, options.now ?? Date.now)
  const maintenance = new MaintenanceStore(db)
  const maintenanceBreaks = breakCounter(upstreamJson, options.now ?? Date.now)
  const alerts = new AlertEngine({
    ordersAtRisk: atRisk,
    maintenanceOverdue: maintenanceOverdue(
      maintenance,
      machineFacts,
      options.now ?? Date.now,
      maintenanceBreaks,
    ),
    // every enrolled wall screen, with its last contact (its enrolment when it has had none since)
    screens: async () => {
      const walls = await devices.walls()
      const names = walls.some((d) => d.locationId !== null) ? await placeNames() : new Map()
      return walls.map(({ locationId, ...wall }) => ({
        ...wall,
        location: locationId === null ? null : (names.get(locationId) ?? null),
      }))
    },
    stopsNow: async () => {
      const [parts, settings] = await Promise.all([stops.current(), stops.settings()])
      const planned = new Set(settings.reasons.filter((r) => r.planned).map((r) => r.id))
      return new Map(
        parts.map((p) => [
          p.machineId,
          { start: p.start, planned: p.reason !== null && planned.has(p.reason) },
        ]),
      )
    },
    store: new AlertStore(db),
    db,
    codes: config.statusCodes.entries,
    shifts: config.shifts,
    timeZone: config.timeZone,
    senders: senders ?? realSenders(config.smtp),
    dashboardUrl: config.publicUrl,
    language: config.language,
    leader: () => watcher.isLeader(),
    instance: watcher.instance,
    keepDays: config.historyDays,
    breakLog: (from, till) =>
      upstreamJson(`/reports/threadbreaks-by-machine?from=${from}&till=${till}&machineIds=all`),
    log,
    ...(options.now ? { now: options.now } : {}),
  })
  // each report sent to the channels chosen for its kind, by whichever instance claims it first
  const delivery = new ReportDelivery({
    outbox,
    reports,
    channels: async () => (await alerts.settings()).channels,
    reasons: async () => (await stops.settings()).reasons,
    codes: new Map(config.statusCodes.entries.map((e) => [e.code, e])),
    senders: senders ?? realSenders(config.smtp),
    timeZone: config.timeZone,
    language: config.language,
    dashboardUrl: config.publicUrl,
    instance: watcher.instance,
    now: options.now ?? Date.now,
    log,
  })
  // each shift's report once its grace has passed, the daily and weekly summaries at their times
  const reporter = new ShiftReporter({
    results: shiftResults,
    store: reports,
    alerts: async (from, till) => figuresOf(await alerts.raisedBetween(from, till)),
    breaks: async (from, till) =>
      breakEventsOf(
        await upstreamJson(
          `/reports/threadbreaks-by-machine?from=${Math.floor(from / 1000)}&till=${Math.floor(till / 1000)}&machineIds=all`,
        ),
      ).events,
    orders: async (from, till) => {
      const [finished, open] = await Promise.all([
        orders.finishedBetween(from, till, REPORT_ORDERS),
        atRisk(),
      ])
      // late first, then the least to spare
      const pressing = [...open].sort((a, b) => Number(b.late) - Number(a.late) || a.marginMs - b.marginMs)
      return {
        finished: finished.list,
        finishedCount: finished.count,
        finishedLate: finished.late,
        open: pressing.slice(0, REPORT_ORDERS).map(({ reference, customer, dueAt, late, marginMs }) => ({
          reference,
          customer,
          dueAt,
          late,
          marginMs,
        })),
        openCount: open.length,
      }
    },
    maintenance: maintenanceFigures(maintenance, machineFacts, options.now ?? Date.now, maintenanceBreaks),
    locationNames: () => locationNames(config.locations, upstreamJson, options.now ?? Date.now),
    recordingSince: async () => (await store.watcher()).recordingSince,
    schedule: () => outbox.settings(),
    shifts: config.shifts,
    timeZone: config.timeZone,
    instance: watcher.instance,
    queue: delivery.queueing(),
    now: options.now ?? Date.now,
    log,
  })
  let prunedAt = 0
  watcher.onPoll(async (at, answer) => {
    let json: unknown = null
    try {
      json = JSON.parse(new TextDecoder().decode(answer.body))
    } catch {
      // the watcher checked it already
    }
    await alerts.evaluate(at, store.openIntervals(), json)
    // not awaited: a report's figures take a moment to work out, the next poll does not wait for them
    reporter.tick().catch((error) => log(`stitchboard: the shift reports: ${error}`))
    // the pieces the machines made since the last poll, counted for the open orders
    await tracker.tick(at).catch((error) => log(`stitchboard: counting the orders' pieces: ${error}`))
    await stops
      .pruneOlderThan(config.historyDays)
      .catch((error) => log(`stitchboard: pruning the stop reasons: ${error}`))
    await plan
      .pruneOlderThan(localDateKey(Math.floor(at / 1000) - config.historyDays * 86_400, config.timeZone))
      .catch((error) => log(`stitchboard: pruning the rejects: ${error}`))
    // the sessions and the audit log change slowly: pruned once an hour, not at every poll
    if (at - prunedAt >= 3_600_000) {
      prunedAt = at
      await people.pruneSessions(at).catch((error) => log(`stitchboard: pruning the sessions: ${error}`))
      await audit
        .pruneOlderThan(config.historyDays, at)
        .catch((error) => log(`stitchboard: pruning the audit log: ${error}`))
      await orders
        .pruneDoneBefore(at - config.historyDays * 86_400_000)
        .catch((error) => log(`stitchboard: pruning the done orders: ${error}`))
    }
  })
  if (await maintenance.seedDefaults((options.now ?? Date.now)()))
    log('stitchboard: the default maintenance tasks are set (edit them on /maintenance)')
  await stops.start()
  await alerts.start(dispatchEveryMs)
  delivery.start(dispatchEveryMs ?? 2000)
  await watcher.start()
  return {
    store,
    watcher,
    pollSeconds: config.pollSeconds,
    db,
    alerts,
    stops,
    plan,
    shiftResults,
    reports,
    reporter,
    delivery: { outbox, delivery },
    people,
    audit,
    devices,
    orders,
    designs,
    finishes,
    maintenance,
    machineFacts,
    maintenanceBreaks,
  }
}
