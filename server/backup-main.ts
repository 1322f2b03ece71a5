import { userInfo } from 'node:os'
import { join, resolve } from 'node:path'
import { AuditLog } from './audit/log'
import { ConfigError, callerFolder, loadConfig } from './config'
import { exportHistory, importHistory } from './history/backup'
import { hasEarlierHistory } from './history/carry-over'
import type { Db } from './history/db'
import { embeddedExists } from './history/embedded-postgres'
import { openBeside } from './history/open'

/** `npm run backup -- <file>` and `npm run restore -- <file>` (docs/deployment.md, "Backups and
 * restores"): the history of the database the server's settings name (DATABASE_URL, else the embedded one
 * in DATA_DIR) and DATA_DIR's sessions, to one file and back. One line of summary; an error is one line on stderr and exit code 1. */
const USAGE = 'usage: npm run backup -- <file.gz>, or npm run restore -- <file.gz>'

async function run([command, path, ...rest]: string[]): Promise<string> {
  if ((command !== 'backup' && command !== 'restore') || !path || rest.length > 0) throw new Error(USAGE)
  const file = resolve(callerFolder(), path)
  const config = loadConfig()
  const sessionsFile = join(config.dataDir, 'sessions.json')
  if (
    command === 'backup' &&
    !config.databaseUrl &&
    !embeddedExists(config.dataDir) &&
    !hasEarlierHistory(config.dataDir)
  )
    throw new Error(
      `${resolve(config.dataDir)} holds no stitchboard history: set DATA_DIR (or DATABASE_URL) as the server has it`,
    )
  const db = await openBeside(config, (line) => console.info(line))
  try {
    if (command === 'backup') {
      const done = await exportHistory(db, file, { sessionsFile })
      await kept(db, 'backup', file, { tables: Object.keys(done.rows).length, bytes: done.bytes })
      return `stitchboard: backed up ${contents(done)} to ${file} (${size(done.bytes)})`
    }
    const done = await importHistory(db, file, { sessionsFile })
    await kept(db, 'restore', file, {
      tables: Object.keys(done.rows).length,
      schemaVersion: done.schemaVersion,
    })
    const schema =
      done.migratedTo > done.schemaVersion
        ? `schema version ${done.schemaVersion}, brought to ${done.migratedTo}`
        : `schema version ${done.schemaVersion}`
    return `stitchboard: restored ${contents(done)} from ${file} (${schema})`
  } finally {
    await db.close()
  }
}

/** The backup or restore in the audit log (a database of a schema before the log has none to keep it in). */
async function kept(db: Db, event: 'backup' | 'restore', file: string, detail: Record<string, unknown>) {
  await new AuditLog(db, () => {})
    .record({
      at: Date.now(),
      actor: `${userInfo().username} (command)`,
      actorId: null,
      role: null,
      via: 'command',
      address: '',
      category: 'backup',
      event,
      target: file,
      result: 'ok',
      status: 0,
      detail,
    })
    .catch((error: { code?: string; message?: string }) => {
      // 42P01: no audit log in a database of an earlier schema
      if (error.code !== '42P01')
        console.warn(`stitchboard: the ${event} is not in the audit log (${error.message})`)
    })
}

const contents = (done: { rows: Record<string, number>; sessions: boolean }) => {
  const tables = Object.keys(done.rows).length
  const rows = Object.values(done.rows).reduce((sum, n) => sum + n, 0)
  return `${tables} tables, ${rows.toLocaleString('en')} rows${done.sessions ? ' and the sessions' : ''}`
}

const size = (bytes: number) =>
  bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KiB` : `${(bytes / 1024 / 1024).toFixed(1)} MiB`

// a command stopped with Ctrl-C or SIGTERM ends through process.exit, which stops a database it started
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => process.exit(130))

run(process.argv.slice(2)).then(
  (summary) => console.info(summary),
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error)
    // the configuration's problems are one a line at the server's start: here, one line
    const line =
      error instanceof ConfigError ? `configuration error: ${message.split('\n').join('; ')}` : message
    console.error(`stitchboard: ${line}`)
    process.exitCode = 1
  },
)
