// One piece: the cases share one filled database of each kind and its backup.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { AlertStore } from '../../server/alerts/store'
import { exportHistory, importHistory } from '../../server/history/backup'
import type { Db } from '../../server/history/db'
import { MIGRATIONS, migrate, SCHEMA_VERSION } from '../../server/history/migrations'
import { HistoryStore } from '../../server/history/store'
import { sessionFile } from '../../server/session-file'
import { ReportOutbox } from '../../server/shift-reports/outbox'
import { BACKENDS } from './databases'
import { condition, contents, dataTableNames, fill, observation, withoutWhat } from './filled-history'

/** The acceptance: one command backs the history up (embedded or DATABASE_URL), one restores it
 * onto an empty data folder or database, and every interval, alert, setting and session is there again;
 * here the two functions behind the commands, between both databases either way. */
const T0 = Date.UTC(2026, 10, 18, 6, 0)
const MIN = 60_000
const POLL = 15_000
/** every table the migrations make; the backup must hold rows of each */
const TABLES = [
  'alert_settings',
  'alerts',
  'audit_log',
  'break_check_verdicts',
  'design_runs',
  'devices',
  'first_admin_codes',
  'gaps',
  'latest_machines',
  'machine_use',
  'maintenance_signoffs',
  'maintenance_tasks',
  'oidc_logins',
  'order_lines',
  'order_pieces',
  'order_tracker',
  'orders',
  'outbox_attempts',
  'outbox_messages',
  'people',
  'person_sessions',
  'plan_targets',
  'planned_stops',
  'report_log',
  'report_settings',
  'shift_rejects',
  'shift_report_corrections',
  'shift_reports',
  'state_intervals',
  'stitchboard_keys',
  'stop_log',
  'stop_reasons_given',
  'stop_settings',
  'stop_splits',
  'watcher',
]

let folder: string
let files = 0
const newFile = (name = 'backup') => join(folder, `${name}-${files++}.gz`)
const newDataDir = () => mkdtempSync(join(folder, 'data-'))

beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'stitchboard-backup-'))
})
afterAll(() => {
  rmSync(folder, { recursive: true, force: true })
})

/** A sessions file as the server writes it (./server/session-file.ts), in a new data folder. */
function writeSessions(): string {
  const dir = newDataDir()
  const sessions = sessionFile(dir)
  sessions.save(
    new Map([
      ['a'.repeat(64), T0 + 720 * 60 * MIN],
      ['0123456789abcdef'.repeat(4), T0 + 24 * 60 * MIN],
    ]),
  )
  sessions.flush()
  return join(dir, 'sessions.json')
}

const versions = async (db: Db) =>
  (await db.query<{ version: number }>('select version from schema_migrations order by version')).map((r) =>
    Number(r.version),
  )

/** Each bigserial with the value a new row would get and the value it had handed out (null: none yet). */
const sequences = async (db: Db) =>
  db.query<{ name: string; last: string | null }>(
    `select table_name || '.' || column_name as name,
       pg_sequence_last_value(pg_get_serial_sequence(table_name, column_name)::regclass)::text as last
     from information_schema.columns
     where table_schema = 'public' and pg_get_serial_sequence(table_name, column_name) is not null
     order by 1`,
  )

/** The first line of a backup: its header. */
const headerOf = (file: string) =>
  JSON.parse(gunzipSync(readFileSync(file)).toString('utf8').split('\n')[0]!) as Record<string, unknown>

/** A backup rewritten: its lines through `edit`. */
function rewrite(file: string, edit: (lines: string[]) => string[]): string {
  const lines = gunzipSync(readFileSync(file)).toString('utf8').split('\n')
  const copy = newFile('edited')
  writeFileSync(copy, gzipSync(edit(lines).join('\n')))
  return copy
}

describe.each(BACKENDS)('a backup of %s', (_, openSource) => {
  let source: Db
  let file: string
  let sessionsFile: string
  let written: Awaited<ReturnType<typeof exportHistory>>
  let expected: Record<string, string[]>
  beforeAll(async () => {
    source = await openSource()
    await migrate(source)
    await fill(source)
    sessionsFile = writeSessions()
    file = newFile()
    // small pages: every table of more than 7 rows is read in several
    written = await exportHistory(source, file, { sessionsFile, pageRows: 7 })
    expected = await contents(source)
  })
  afterAll(async () => {
    await source?.close()
  })

  test('one gzip file, its owner’s only: a header of the schema version, then every table the migrations make', async () => {
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(headerOf(file)).toMatchObject({
      format: 'stitchboard-backup',
      formatVersion: 1,
      schemaVersion: SCHEMA_VERSION,
      sessions: true,
    })
    expect(written.schemaVersion).toBe(SCHEMA_VERSION)
    expect(Object.keys(written.rows).sort()).toEqual(TABLES)
    // parents first: an alert before its messages, a message before its attempts
    const order = Object.keys(written.rows)
    expect(order.indexOf('alerts')).toBeLessThan(order.indexOf('outbox_messages'))
    expect(order.indexOf('outbox_messages')).toBeLessThan(order.indexOf('outbox_attempts'))
    for (const table of TABLES) {
      expect(written.rows[table], table).toBe(expected[table]!.length)
      expect(written.rows[table], `${table} has rows to restore`).toBeGreaterThan(0)
    }
    expect(expected.state_intervals!.length).toBeGreaterThan(50)
    expect(expected.gaps).toHaveLength(1)
    expect(written.bytes).toBe(statSync(file).size)
  })

  test.each(BACKENDS)(
    'restores onto an empty %s: every row, the sequences, the sessions',
    async (_target, openTarget) => {
      const target = await openTarget()
      try {
        // the data folder of a new installation: not made yet
        const restoredSessions = join(newDataDir(), 'data', 'sessions.json')
        const restored = await importHistory(target, file, { sessionsFile: restoredSessions, batchRows: 5 })
        expect(restored).toEqual({
          schemaVersion: SCHEMA_VERSION,
          migratedTo: SCHEMA_VERSION,
          rows: written.rows,
          sessions: true,
        })
        expect(await contents(target)).toEqual(expected)
        expect(await versions(target)).toEqual(MIGRATIONS.map((m) => m.version))

        expect(readFileSync(restoredSessions, 'utf8')).toBe(readFileSync(sessionsFile, 'utf8'))
        expect(statSync(restoredSessions).mode & 0o777).toBe(0o600)
        expect(sessionFile(join(restoredSessions, '..')).load()).toHaveLength(2)

        // every sequence goes on where the source's was, past the ids restored and the alert pruned
        expect(await sequences(target)).toEqual(await sequences(source))
        const alerts = new AlertStore(target)
        const before = Math.max(...expected.alerts!.map((row) => Number(JSON.parse(row).id)))
        const next = await target.transaction((tx) =>
          alerts.raise(tx, condition('B', 'Stopped', T0 + 50 * MIN), T0 + 60 * MIN),
        )
        expect(next).toBe(before + 2)

        // the restored history goes on: the open intervals are the source's, the next poll continues them
        const history = new HistoryStore(target, 2.5 * POLL)
        const byMachine = (a: { machineId: string }, b: { machineId: string }) =>
          a.machineId.localeCompare(b.machineId)
        expect((await history.current()).sort(byMachine)).toEqual(
          (await new HistoryStore(source, 0).current()).sort(byMachine),
        )
        const poll = await history.recordPoll(
          T0 + 150 * POLL,
          ['A', 'B', 'C'].map((id, m) => observation(id, m, 150)),
        )
        expect(poll.gap).toBeNull()
      } finally {
        await target.close()
      }
    },
  )

  test('refuses a database that holds history, naming the table, and changes nothing', async () => {
    await expect(importHistory(source, file)).rejects.toThrow(
      /^the database is not empty \(the table \w+ holds \d+ rows?\): restore into an empty data folder or database$/,
    )
    expect(await contents(source)).toEqual(expected)
  })

  test('never overwrites: an existing backup file, an existing sessions file', async () => {
    await expect(exportHistory(source, file)).rejects.toThrow(
      /exists already: a backup never overwrites a file/,
    )
    await expect(importHistory(source, file, { sessionsFile })).rejects.toThrow(
      `${sessionsFile} exists: restore into an empty data folder (move that file away first)`,
    )
  })

  test('refuses what is no backup, a cut or damaged one and a newer one, leaving the empty database empty; a database only migrated counts as empty', async () => {
    const target = await openSource()
    try {
      const refused = async (backup: string, message: RegExp) => {
        await expect(importHistory(target, backup)).rejects.toThrow(message)
        // nothing half-written: not even the schema
        expect(await dataTableNames(target)).toEqual([])
      }
      const garbage = newFile('garbage')
      writeFileSync(garbage, 'id;machine\n1;A\n')
      await refused(garbage, /garbage-\d+\.gz is not a stitchboard backup \(it is not a gzip file\)$/)
      const other = newFile('other')
      writeFileSync(other, gzipSync('{"machines":[]}\n'))
      await refused(other, /is not a stitchboard backup \(it does not begin with a backup's header\)$/)
      await refused(join(folder, 'missing.gz'), /missing\.gz does not exist$/)

      // cut where a copy that ran out of disk would have stopped: past the header, inside the rows
      const bytes = readFileSync(file)
      const cut = newFile('cut')
      writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.7)))
      await refused(
        cut,
        /cut-\d+\.gz is damaged or cut short \(unexpected end of file\): nothing was restored$/,
      )
      const flipped = Buffer.from(bytes)
      flipped[Math.floor(bytes.length / 2)]! ^= 0xff
      const damaged = newFile('damaged')
      writeFileSync(damaged, flipped)
      // zlib finds it, or the database the row it garbled: refused either way
      await refused(damaged, /is damaged|cannot be restored/)
      // whole as gzip, but without its last line: a backup that was never finished
      await refused(
        rewrite(file, (lines) => lines.filter((line) => !line.startsWith('["end"'))),
        /is cut short \(it ends before its last line\): nothing was restored$/,
      )
      await refused(
        rewrite(file, (lines) => lines.filter((_line, i) => i !== lines.length - 4)),
        /is damaged \(the table \w+ has \d+ rows, and the backup says \d+\): nothing was restored$/,
      )
      await refused(
        rewrite(file, ([head, ...rest]) => [
          head!.replace(/"schemaVersion":\d+/, '"schemaVersion":999'),
          ...rest,
        ]),
        new RegExp(`holds schema version 999, newer than this stitchboard knows \\(${SCHEMA_VERSION}\\)`),
      )
      await refused(
        rewrite(file, ([head, ...rest]) => [
          head!.replace('"formatVersion":1', '"formatVersion":2'),
          ...rest,
        ]),
        /was written by a newer stitchboard \(backup format 2; this one reads 1\)/,
      )

      // a stitchboard that started and stopped before its first poll: the schema and the watcher's empty row
      await migrate(target)
      await importHistory(target, file)
      expect(await contents(target)).toEqual(expected)
    } finally {
      await target.close()
    }
  })

  test('a backup of an older schema version restores and ends on the current one', async () => {
    const old = await openSource()
    const target = await openSource()
    try {
      await migrate(old, { upTo: 2 })
      expect(await versions(old)).toEqual([1, 2])
      await fill(old, 40)
      const oldFile = newFile('version-2')
      expect((await exportHistory(old, oldFile)).schemaVersion).toBe(2)
      expect(headerOf(oldFile)).toMatchObject({ schemaVersion: 2, sessions: false })

      const restored = await importHistory(target, oldFile, {
        sessionsFile: join(newDataDir(), 'sessions.json'),
      })
      expect(restored).toMatchObject({ schemaVersion: 2, migratedTo: SCHEMA_VERSION, sessions: false })
      expect(await versions(target)).toEqual(MIGRATIONS.map((m) => m.version))
      const rows = withoutWhat(await contents(target))
      const { alert_messages: messages, alert_attempts: attempts, ...held } = await contents(old)
      expect(Object.fromEntries(Object.keys(held).map((name) => [name, rows[name]]))).toEqual(held)
      // the alerts' outbox moved into the one outbox (migration 9): each message and attempt, in order
      const moved = (row: string, ...without: string[]) =>
        Object.fromEntries(Object.entries(JSON.parse(row)).filter(([key]) => !without.includes(key)))
      expect(messages!.length).toBeGreaterThan(0)
      expect(
        rows.outbox_messages!.map((row) =>
          moved(row, 'id', 'source', 'report_id', 'requested_by', 'claimed_by', 'claimed_until'),
        ),
      ).toEqual(messages!.map((row) => moved(row, 'id')))
      expect(attempts!.length).toBeGreaterThan(0)
      expect(rows.outbox_attempts!.map((row) => moved(row, 'id', 'message_id', 'instance'))).toEqual(
        attempts!.map((row) => moved(row, 'id', 'message_id')),
      )
      // the tables of the later migrations are there, empty
      expect(Object.keys(rows).filter((name) => !(name in held) && !name.startsWith('outbox_'))).toEqual([
        'audit_log',
        'break_check_verdicts',
        'devices',
        'first_admin_codes',
        'machine_use',
        'maintenance_signoffs',
        'maintenance_tasks',
        'oidc_logins',
        'order_lines',
        'order_pieces',
        'order_tracker',
        'orders',
        'people',
        'person_sessions',
        'plan_targets',
        'planned_stops',
        'report_log',
        'report_settings',
        'shift_rejects',
        'shift_report_corrections',
        'shift_reports',
        'stitchboard_keys',
        'stop_log',
        'stop_reasons_given',
        'stop_settings',
        'stop_splits',
      ])
      expect(Object.entries(restored).filter(([name, rows]) => !(name in held) && rows.length > 0)).toEqual(
        [],
      )
      // migration 3's index is there, made over the restored rows
      expect(
        await target.query("select 1 from pg_indexes where indexname = 'state_intervals_ended'"),
      ).toHaveLength(1)
    } finally {
      await old.close()
      await target.close()
    }
  })
  test('a backup of schema 8, an outbox each for the alerts and the reports, restores into the one outbox', async () => {
    const old = await openSource()
    const target = await openSource()
    try {
      await migrate(old, { upTo: 8 })
      await fill(old, 40)
      const oldFile = newFile('version-8')
      await exportHistory(old, oldFile)
      await importHistory(target, oldFile, { sessionsFile: join(newDataDir(), 'sessions.json') })
      // every delivery as the source (the same alerts, report and attempts, written on the current schema)
      // shows it: each channel's health, each alert's and the report's attempts
      const alerts = [new AlertStore(target), new AlertStore(source)] as const
      const outboxes = [new ReportOutbox(target, 10), new ReportOutbox(source, 10)] as const
      expect(await alerts[0].health()).toEqual(await alerts[1].health())
      expect(await outboxes[0].health()).toEqual(await outboxes[1].health())
      expect((await alerts[0].health()).length).toBeGreaterThan(0)
      for (const { id } of await alerts[1].recent(0))
        expect(await alerts[0].attempts(id)).toEqual(await alerts[1].attempts(id))
      const [report] = await target.query<{ id: string }>('select id from shift_reports')
      expect(await outboxes[0].attempts(Number(report!.id))).toEqual(
        await outboxes[1].attempts(Number(report!.id)),
      )
      // one log in the order things happened, each outbox's rows in their order
      const times = await target.query<{ at: unknown }>('select at from outbox_attempts order by id')
      expect(times.length).toBe(expected.outbox_attempts!.length)
      const ats = times.map((t) => new Date(t.at as string).getTime())
      expect(ats).toEqual([...ats].sort((a, b) => a - b))
      // the next message queued gets the next id
      const [{ id: last } = { id: '0' }] = await target.query<{ id: string }>(
        'select max(id) as id from outbox_messages',
      )
      expect(
        await alerts[0].enqueue(target, { alertId: null, channelId: 'mail', kind: 'test', level: 0 }, T0),
      ).toBe(Number(last) + 1)
    } finally {
      await old.close()
      await target.close()
    }
  })
})

describe('a backup of a PostgreSQL server while stitchboard records', () => {
  const openServerDb = BACKENDS.find(([name]) => name.includes('server'))![1]

  test('is the history of the instant it began: a poll committed between two of its pages is not in it', async () => {
    const live = await openServerDb()
    const target = await openServerDb()
    try {
      await migrate(live)
      await fill(live, 40)
      const before = await contents(live)
      // the export's reads, with a poll that changes every machine committed on another connection after
      // the first page of the intervals (the embedded database has one connection: nothing comes between)
      const history = new HistoryStore(live, 2.5 * POLL)
      let polled = false
      const pausing: Db = {
        ...live,
        transaction: (work) =>
          live.transaction((tx) =>
            work({
              ...tx,
              query: async <T>(sql: string, params?: unknown[]) => {
                const rows = await tx.query<T>(sql, params)
                if (!polled && sql.includes('"state_intervals"') && sql.includes('row_to_json')) {
                  polled = true
                  await history.recordPoll(T0 + 40 * POLL, [
                    { ...observation('A', 0, 40), code: 9, turning: false, designId: 'D-new' },
                    { ...observation('B', 1, 40), code: 9, turning: false, designId: 'D-new' },
                    { ...observation('C', 2, 40), code: 9, turning: false, designId: 'D-new' },
                  ])
                }
                return rows
              },
            }),
          ),
      }
      const liveFile = newFile('live')
      await exportHistory(pausing, liveFile, { pageRows: 5 })
      expect(polled).toBe(true)
      expect(await contents(live)).not.toEqual(before)
      await importHistory(target, liveFile)
      expect(await contents(target)).toEqual(before)
    } finally {
      await live.close()
      await target.close()
    }
  })
})
