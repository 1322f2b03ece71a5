// One piece: one history that fills every table the migrations make, each table's rows beside the next's keys.
import type { Condition } from '../../server/alerts/rules'
import { defaultSettings } from '../../server/alerts/settings'
import { AlertStore, type MessageKind } from '../../server/alerts/store'
import { AuditLog } from '../../server/audit/log'
import type { Db } from '../../server/history/db'
import { HistoryStore, iso, type Observation } from '../../server/history/store'
import { MaintenanceStore, recordVerdict } from '../../server/maintenance/store'
import { OrderStore } from '../../server/orders/store'
import { DeviceStore } from '../../server/people/devices'
import { PeopleStore } from '../../server/people/store'
import { PlanStore } from '../../server/plan/store'
import { ReportOutbox } from '../../server/shift-reports/outbox'
import { ReportStore } from '../../server/shift-reports/store'
import { StopStore } from '../../server/stops/store'
import type { ReportFigures } from '../../src/lib/shift-report-figures'
import { defaultStopSettings } from '../../src/lib/stop-reasons'

/** A history as a running stitchboard leaves it, in every table the migrations make (for the backup and
 * the carry-over of an earlier embedded database). */
export const T0 = Date.UTC(2026, 10, 18, 6, 0)
const MIN = 60_000
const POLL = 15_000

/** Machine `m` at poll `i` of a morning: codes, designs, passes and silences that change every few polls. */
export const observation = (machineId: string, m: number, i: number): Observation => {
  const code = [1, 1, 2, 1, 5, 1, 3][Math.floor((i + 3 * m) / 4) % 7]!
  const silent = m === 2 && i % 50 >= 44
  return {
    machineId,
    code,
    turning: code === 1,
    reporting: !silent,
    lastSeen: silent ? T0 + (i - (i % 50) + 44) * POLL - 5000 : null,
    designId: `D-${100 + m}-${Math.floor(i / 30)}`,
    passes: Math.floor(i / 3),
  }
}

export const condition = (machineId: string, cause: string, since: number): Condition => ({
  key: `${machineId}:${cause}`,
  rule: 'state',
  machineId,
  machineName: `Tajima ${machineId} – Halle 2`,
  cause,
  detail: `${cause} for 12 min ("${machineId}")`,
  what: { rule: 'state', state: 'stopped', code: null, label: cause, atLeast: false },
  since,
  active: true,
  due: true,
})

/** Fills every table through the stores, as a running stitchboard would (SQL only where the watcher writes
 * it itself): a morning of three machines with a time not recorded, a failed poll, the alert settings with
 * two channels, alerts raised, acknowledged, escalated and cleared, their messages and delivery attempts. */
export async function fill(db: Db, polls = 150) {
  const history = new HistoryStore(db, 2.5 * POLL)
  for (let i = 0; i < polls; i++) {
    if (i >= 60 && i < 80) continue // stitchboard stopped for 5 min: a gap
    await history.recordPoll(
      T0 + i * POLL,
      ['A', 'B', 'C'].map((id, m) => observation(id, m, i)),
    )
  }
  await history.recordFailure(T0 + polls * POLL, 'the machine portal answered HTTP 503')
  await db.query("update watcher set leader = 'wall-pc-1:4242', lease_until = $1 where id = 1", [
    iso(T0 + polls * POLL + 20_000),
  ])
  await db.query('insert into latest_machines (id, at, body) values (1, $1, $2)', [
    iso(T0 + (polls - 1) * POLL),
    JSON.stringify({ machines: [{ id: 'A', name: 'Tajima A – Halle 2\n"Ärmel"' }] }),
  ])

  const alerts = olderThanOutbox(
    olderThanWhat(new AlertStore(db), await schemaVersion(db)),
    await schemaVersion(db),
  )
  const settings = defaultSettings()
  settings.channels = [
    {
      id: 'supervisor',
      name: 'Line supervisor',
      kind: 'webhook',
      url: 'https://hooks.example/T000/B000/secret',
      to: [],
      language: null,
    },
    {
      id: 'mail',
      name: 'Production manager',
      kind: 'email',
      url: null,
      to: ['manager@factory.example'],
      language: null,
    },
  ]
  settings.rules.state.levels[1]!.channels = ['supervisor']
  settings.rules.state.levels[2]!.channels = ['mail']
  await alerts.saveSettings(settings, T0 + 2 * MIN)
  const [stopped, breaks, error, late] = await db.transaction(async (tx) => [
    await alerts.raise(tx, condition('A', 'Stopped', T0 + 10 * MIN), T0 + 20 * MIN),
    await alerts.raise(tx, condition('B', 'Thread break', T0 + 12 * MIN), T0 + 22 * MIN),
    await alerts.raise(tx, condition('C', 'Error', T0 + 14 * MIN), T0 + 19 * MIN),
    // raised last, from long before: the retention removes it below, so its id is the sequence's only
    await alerts.raise(tx, condition('C', 'Unknown code 77', T0 - 60 * MIN), T0 - 50 * MIN),
  ])
  await db.transaction(async (tx) => {
    await alerts.setLevel(tx, stopped!, 1)
    await alerts.enqueue(
      tx,
      { alertId: stopped!, channelId: 'supervisor', kind: 'alert', level: 1 },
      T0 + 35 * MIN,
    )
    await alerts.enqueue(
      tx,
      { alertId: breaks!, channelId: 'supervisor', kind: 'alert', level: 1 },
      T0 + 37 * MIN,
    )
    await alerts.okFrom(tx, error!, T0 + 24 * MIN)
    await alerts.clear(tx, error!, T0 + 26 * MIN)
    await alerts.enqueue(
      tx,
      { alertId: error!, channelId: 'mail', kind: 'all-clear', level: 0 },
      T0 + 26 * MIN,
    )
    await alerts.clear(tx, late!, T0 - 45 * MIN)
  })
  await alerts.acknowledge(stopped!, 'Ana Müller', T0 + 30 * MIN)
  await alerts.enqueue(db, { alertId: null, channelId: 'mail', kind: 'test', level: 0 }, T0 + MIN)
  for (const message of await alerts.claim('filled-history', T0 + 40 * MIN, 60_000, 10)) {
    const ok = message.channelId === 'supervisor'
    await alerts.attempted(message, 'filled-history', T0 + 40 * MIN, {
      ok,
      detail: ok ? 'HTTP 200' : 'connect ECONNREFUSED 127.0.0.1:465',
      durationMs: ok ? 84 : 3,
      // the test message is given up on at once, the others are tried again
      retryAt: ok || message.kind === 'test' ? null : T0 + 41 * MIN,
    })
  }
  await alerts.prune(T0 - 40 * MIN)

  // the stop reasons (migration 5): settings with a break, a planned stop, reasons given (one changed,
  // one with a comment that needs quoting), a split, and their log
  if ((await schemaVersion(db)) < 5) return
  const stops = new StopStore(db)
  await stops.saveSettings(
    { ...defaultStopSettings(), breaks: [{ shift: 'Early', from: '09:00', till: '09:15', reason: 'break' }] },
    'Planner',
    T0 + MIN,
  )
  await stops.addPlanned(
    {
      scope: { kind: 'machine', id: 'C' },
      reason: 'planned-maintenance',
      from: T0 + 60 * MIN,
      till: T0 + 90 * MIN,
      note: 'Hook timing, "needle bar" 2',
      by: 'Planner',
    },
    T0 + 2 * MIN,
  )
  const given = (start: number, reason: string, by: string, comment: string | null = null) => ({
    machineId: 'B',
    start,
    reason,
    comment,
    by,
  })
  await stops.give(given(T0 + 10 * MIN, 'waiting-garments', 'Ana Müller'), T0 + 12 * MIN)
  await stops.give(given(T0 + 10 * MIN, 'waiting-hoops', 'Ben'), T0 + 13 * MIN)
  await stops.give(given(T0 + 20 * MIN, 'other', 'Ana Müller', 'Strom weg,\n"Halle 2"'), T0 + 25 * MIN)
  await stops.split('B', T0 + 10 * MIN, T0 + 14 * MIN, 'Ben', T0 + 15 * MIN)

  // the plan (migration 6): a target, changed once, and rejects entered twice for a shift
  if ((await schemaVersion(db)) < 6) return
  const plan = new PlanStore(db)
  const target = (pieces: number | null, at: number) =>
    plan.addTarget({
      shift: 'Early',
      weekday: null,
      scope: { kind: 'location', id: 2 },
      pieces,
      stitches: 4_000_000,
      validFrom: at,
      by: 'Planner',
      at,
    })
  await target(8_000, T0 + 3 * MIN)
  await target(7_500, T0 + 4 * MIN)
  for (const [rejects, by, at] of [
    [40, 'Ana Müller', T0 + 5 * MIN],
    [35, 'Ben', T0 + 6 * MIN],
  ] as const)
    await plan.addRejects({ shift: 'Early', day: '2026-11-18', locationId: null, rejects, by, at })
  // a shift's report (migration 7), as built at the end of the night shift before
  if ((await schemaVersion(db)) < 7) return
  await new ReportStore(db).add({
    kind: 'shift',
    shift: 'Night',
    day: '2026-11-17',
    start: T0 - 8 * 60 * MIN,
    end: T0,
    builtAt: T0 + 10 * MIN,
    builtBy: 'filled-history',
    figures: { result: { shift: 'Night', pieces: 120 } } as unknown as ReportFigures,
  })
  // its correction, the delivery settings, and one delivery tried twice (migration 8)
  if ((await schemaVersion(db)) < 8) return
  const reports = new ReportStore(db)
  const [report] = await reports.covering(T0 - 60 * MIN, T0 - 30 * MIN)
  await reports.correct([report!], {
    machineId: 'M01',
    machineName: 'Machine 01',
    stopStart: T0 - 60 * MIN,
    before: null,
    after: 'thread',
    by: 'Ana Müller',
    at: T0 + 20 * MIN,
  })
  const outbox = reportsOlderThanOutbox(new ReportOutbox(db, 10), await schemaVersion(db))
  await outbox.saveSettings(
    {
      channels: { shift: ['ops'], day: [], week: [] },
      graceMinutes: 10,
      dailyAt: '07:00',
      weeklyDay: 1,
      weeklyAt: '07:30',
    },
    'Ben',
    T0 + 21 * MIN,
  )
  await outbox.enqueue(report!, ['ops'], T0 + 22 * MIN)
  const [message] = await outbox.claim('filled-history', T0 + 22 * MIN, 60_000, 1)
  await outbox.attempted(message!, 'filled-history', T0 + 22 * MIN, {
    ok: false,
    detail: 'HTTP 503',
    durationMs: 12,
    retryAt: T0 + 23 * MIN,
  })
  // a person with a session, a first administrator's code and the audit log (migration 10)
  if ((await schemaVersion(db)) < 10) return
  const people = new PeopleStore(db)
  const olaf = await people.add(
    {
      login: 'olaf',
      name: 'Olaf Ørsted',
      role: 'operator',
      locations: [2],
      passwordHash: 'scrypt$32768$8$1$c2FsdA==$a2V5',
    },
    'Pia',
    T0 + 23 * MIN,
  )
  await people.startSession(olaf.id, T0 + 24 * MIN, 3_600_000, { address: '10.0.0.7', agent: 'Firefox' })
  await people.newFirstAdminCode(T0 + 24 * MIN, 3_600_000)
  const devices = new DeviceStore(db)
  const { code } = await devices.create(
    { kind: 'floor', name: 'Tablet Hall 2', locationId: 2 },
    'Pia',
    T0 + 24 * MIN,
  )
  await devices.enrol(code, T0 + 25 * MIN, '10.0.0.8')
  await people.setIdentifier(olaf.id, 'pin', await devices.keyed('pin', '4821'))
  await people.keepOidcLogin(
    { state: 'state-1', verifier: 'verifier-1', nonce: 'nonce-1', next: '/pace' },
    T0 + 24 * MIN,
  )
  await new AuditLog(db).record({
    at: T0 + 24 * MIN,
    actor: 'Olaf Ørsted',
    actorId: olaf.id,
    role: 'operator',
    via: 'session',
    address: '10.0.0.7',
    category: 'access',
    event: 'sign-in',
    target: 'olaf',
    result: 'ok',
    status: 200,
    detail: { asked: { login: 'olaf', password: '(hidden)' } },
  })
  // the order book (migration 12): an order, pieces the machines made for it, a correction
  if ((await schemaVersion(db)) < 12) return
  const orders = new OrderStore(db)
  await orders.book(null, T0, [], T0)
  const order = await orders.create(
    {
      reference: 'PO-4711',
      customer: 'FC Heimat',
      dueAt: T0 + 3 * 24 * 60 * MIN,
      priority: 'high',
      machineIds: ['M01'],
      note: 'Kappen, "navy"',
      lines: [{ designId: 'CAP-LOGO', quantity: 600 }],
    },
    'Pia',
    T0 - MIN,
  )
  await orders.book(
    T0,
    T0 + 30 * MIN,
    [{ machineId: 'M01', designId: 'CAP-LOGO', pieces: 48 }],
    T0 + 30 * MIN,
  )
  await orders.correct(
    order.id,
    { lineId: order.lines[0]!.id, pieces: 2, kind: 'scrap', reason: 'frame slipped' },
    'Ana Müller',
    T0 + 31 * MIN,
  )
  // maintenance by use (migration 14): the machines' counted use (the polls above), a task made, a sign-off,
  // a verdict on a check
  if ((await schemaVersion(db)) < 14) return
  const maintenance = new MaintenanceStore(db)
  // counted by the polls when the store knew the schema had it; else counted from here
  await db.query(
    `insert into machine_use (machine_id, running_ms, stitches, counted_since, counted_until)
     values ('M01', 3600000, 48000, $1, $1) on conflict (machine_id) do nothing`,
    [new Date(T0).toISOString()],
  )
  const task = await maintenance.create(
    {
      name: 'Oil the hooks',
      scope: { all: true },
      per: 'machine',
      interval: { kind: 'hours', value: 4 },
      note: '',
    },
    'Pia',
    T0 + 32 * MIN,
  )
  await maintenance.signOff(
    { taskId: task.id, machineId: 'M01', heads: null, note: 'oiled “early”', seen: null },
    'Ana Müller',
    T0 + 33 * MIN,
  )
  await recordVerdict(
    db,
    { machineId: 'M01', kind: 'needle', head: null, needle: 11, right: true, by: 'Ana Müller' },
    T0 + 34 * MIN,
  )
}

export const dataTableNames = async (db: Db) =>
  (
    await db.query<{ table_name: string }>(
      `select table_name from information_schema.tables
       where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )
  )
    .map((r) => r.table_name)
    .filter((name) => name !== 'schema_migrations')

/** Every table's rows in the order of their ids, as JSON with the times in UTC (the two databases' time
 * zones may differ; the instants may not). */
export async function contents(db: Db): Promise<Record<string, string[]>> {
  const names = await dataTableNames(db)
  return db.transaction(async (tx) => {
    await tx.query("set local timezone = 'UTC'")
    const all: Record<string, string[]> = {}
    for (const name of names) {
      const rows = await tx.query<{ row: string }>(
        `select row_to_json(t)::text as row from ${name} t order by id`,
      )
      all[name] = rows.map((r) => r.row)
    }
    return all
  })
}

const schemaVersion = async (db: Db) =>
  Math.max(
    ...(await db.query<{ version: number }>('select version from schema_migrations')).map((r) =>
      Number(r.version),
    ),
  )

/** On a schema before migration 4 (alerts.what), alerts are raised as the stitchboard of that version
 * raised them: without what they are about. */
function olderThanWhat(store: AlertStore, version: number): AlertStore {
  if (version >= 4) return store
  store.raise = async (tx, c, at) => {
    const [row] = await tx.query<{ id: string }>(
      `insert into alerts (key, rule, machine_id, machine_name, cause, detail, since, raised_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
      [c.key, c.rule, c.machineId, c.machineName, c.cause, c.detail, iso(c.since), iso(at)],
    )
    return Number(row!.id)
  }
  return store
}

/** Contents as a schema before migration 4 holds them: without alerts.what (null after it, for alerts
 * raised before). */
export function withoutWhat(all: Record<string, string[]>): Record<string, string[]> {
  return {
    ...all,
    alerts: (all.alerts ?? []).map((row) => {
      const { what: _what, ...rest } = JSON.parse(row) as Record<string, unknown>
      return JSON.stringify(rest)
    }),
  }
}

/** On a schema before migration 9 (one outbox), an alert's messages and attempts are kept as the
 * stitchboard of that version kept them: in alert_messages and alert_attempts, sent by the polling instance
 * without a claim. */
function olderThanOutbox(store: AlertStore, version: number): AlertStore {
  if (version >= 9) return store
  store.enqueue = async (tx, message, at) => {
    const rows = await tx.query<{ id: string }>(
      `insert into alert_messages (alert_id, channel_id, kind, level, next_attempt_at, created_at)
       values ($1, $2, $3, $4, $5, $5)
       on conflict (alert_id, channel_id, kind) where alert_id is not null do nothing returning id`,
      [message.alertId, message.channelId, message.kind, message.level, iso(at)],
    )
    return rows[0] ? Number(rows[0].id) : null
  }
  store.claim = async (_instance, at, _leaseMs, limit) => {
    const rows = await store.db.query<Record<string, unknown>>(
      `select id, alert_id, channel_id, kind, level, attempts from alert_messages
       where status = 'pending' and next_attempt_at <= $1 order by next_attempt_at, id limit $2`,
      [iso(at), limit],
    )
    return rows.map((r) => ({
      id: Number(r.id),
      source: 'alert' as const,
      kind: String(r.kind) as MessageKind,
      alertId: r.alert_id === null ? null : Number(r.alert_id),
      reportId: null,
      channelId: String(r.channel_id),
      level: Number(r.level),
      attempts: Number(r.attempts),
      requestedBy: null,
    }))
  }
  store.attempted = async (message, _instance, at, outcome) => {
    await store.db.transaction(async (tx) => {
      await tx.query(
        `insert into alert_attempts (message_id, channel_id, at, ok, detail, duration_ms) values ($1, $2, $3, $4, $5, $6)`,
        [message.id, message.channelId, iso(at), outcome.ok, outcome.detail, Math.round(outcome.durationMs)],
      )
      await tx.query(
        `update alert_messages set attempts = attempts + 1, last_error = $2,
           status = $3, sent_at = $4, next_attempt_at = coalesce($5, next_attempt_at) where id = $1`,
        [
          message.id,
          outcome.ok ? null : outcome.detail,
          outcome.ok ? 'sent' : outcome.retryAt === null ? 'failed' : 'pending',
          outcome.ok ? iso(at) : null,
          outcome.retryAt === null ? null : iso(outcome.retryAt),
        ],
      )
    })
    return true
  }
  store.prune = async (before) => {
    await store.db.query('delete from alerts where cleared_at < $1', [iso(before)])
    await store.db.query('delete from alert_messages where alert_id is null and created_at < $1', [
      iso(before),
    ])
  }
  return store
}

/** On schema 8 (before one outbox), a report's messages and attempts are kept in report_messages and
 * report_attempts, as that version kept them. */
function reportsOlderThanOutbox(outbox: ReportOutbox, version: number): ReportOutbox {
  if (version >= 9) return outbox
  const database = (outbox as unknown as { db: Db }).db
  outbox.enqueue = async (reportId, channels, at) => {
    let queued = 0
    for (const channelId of channels) {
      const rows = await database.query(
        `insert into report_messages (report_id, channel_id, next_attempt_at, created_at) values ($1, $2, $3, $3)
         on conflict (report_id, channel_id) where requested_by is null do nothing returning id`,
        [reportId, channelId, iso(at)],
      )
      queued += rows.length
    }
    return queued
  }
  outbox.claim = async (instance, at, leaseMs, limit) => {
    const rows = await database.query<Record<string, unknown>>(
      `update report_messages set claimed_by = $2, claimed_until = $3
       where id in (
         select id from report_messages
         where status = 'pending' and next_attempt_at <= $1 and (claimed_until is null or claimed_until <= $1)
         order by next_attempt_at, id limit $4 for update skip locked)
       returning id, report_id, channel_id, attempts, requested_by`,
      [iso(at), instance, iso(at + leaseMs), limit],
    )
    return rows.map((r) => ({
      id: Number(r.id),
      source: 'report' as const,
      kind: 'report' as const,
      alertId: null,
      reportId: Number(r.report_id),
      channelId: String(r.channel_id),
      level: 0,
      attempts: Number(r.attempts),
      requestedBy: (r.requested_by as string | null) ?? null,
    }))
  }
  outbox.attempted = (message, instance, at, outcome) =>
    database.transaction(async (tx) => {
      await tx.query(
        `update report_messages set attempts = attempts + 1, last_error = $2, status = $3, sent_at = $4,
           next_attempt_at = coalesce($5, next_attempt_at), claimed_by = null, claimed_until = null
         where id = $1 and claimed_by = $6`,
        [
          message.id,
          outcome.ok ? null : outcome.detail,
          outcome.ok ? 'sent' : outcome.retryAt === null ? 'failed' : 'pending',
          outcome.ok ? iso(at) : null,
          outcome.retryAt === null ? null : iso(outcome.retryAt),
          instance,
        ],
      )
      await tx.query(
        `insert into report_attempts (message_id, channel_id, at, ok, detail, duration_ms, instance)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [
          message.id,
          message.channelId,
          iso(at),
          outcome.ok,
          outcome.detail,
          Math.round(outcome.durationMs),
          instance,
        ],
      )
      return true
    })
  return outbox
}
