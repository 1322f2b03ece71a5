import { accessSync, constants, mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import type { Pool, PoolClient } from 'pg'
import { CopyDataReader, CopyOut, queryMessage } from './copy-out'

/**
 * The one SQL dialect of stitchboard's memory: PostgreSQL. Two ways to reach it, one interface:
 * - embedded (the default): PostgreSQL compiled to WebAssembly (PGlite) in this process, its files in
 *   `DATA_DIR/history`; no server, no setup, and nothing left running when the process is killed;
 * - a PostgreSQL server (`DATABASE_URL`), which several stitchboard instances can share (LISTEN/NOTIFY
 *   and advisory locks work there only).
 */
export interface Db {
  readonly kind: 'embedded' | 'server'
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>
  /** the bytes of `COPY (<select>) TO … (FORMAT binary)`: rows as stored, none parsed on the way (a
   * COPY takes no parameters: `select` holds its values as literals) */
  copyOut(select: string): Promise<Uint8Array>
  /** runs `work` in one transaction on one connection */
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>
  /** calls `onMessage` for each NOTIFY on `channel` (a server only; the embedded one has one process) */
  listen?(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>
  close(): Promise<void>
}

export interface Tx {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>
  /** several statements without parameters (a migration) */
  exec(sql: string): Promise<void>
}

export class DatabaseError extends Error {
  override name = 'DatabaseError'
}

/** The embedded PostgreSQL in `dir`; a folder that cannot be created or written is one clear error. */
export async function openEmbedded(dir: string): Promise<Db> {
  const path = resolve(dir)
  try {
    mkdirSync(path, { recursive: true })
    accessSync(path, constants.R_OK | constants.W_OK)
  } catch (error) {
    throw new DatabaseError(
      `the history folder ${path} cannot be used (${(error as NodeJS.ErrnoException).code ?? String(error)}): set DATA_DIR to a folder this user may write, or DATABASE_URL to a PostgreSQL server`,
    )
  }
  const { PGlite } = await import('@electric-sql/pglite')
  let lite: PGlite
  try {
    // a history's working set is small: PostgreSQL's default 128 MB of shared buffers is most of what the
    // embedded database would otherwise keep resident
    lite = new PGlite(path, { startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'] })
    await lite.waitReady
  } catch (error) {
    throw new DatabaseError(
      `the embedded database in ${path} cannot be opened (${error instanceof Error ? error.message : String(error)}); move the folder away to start a new history, or set DATA_DIR elsewhere`,
    )
  }
  // one connection: statements run one after another, as on one server connection
  let queue: Promise<unknown> = Promise.resolve()
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work)
    queue = next.catch(() => {})
    return next
  }
  const query = async <T>(sql: string, params: unknown[] = []) => (await lite.query<T>(sql, params)).rows
  let lastCopy = 0
  return {
    kind: 'embedded',
    query: (sql, params) => serial(() => query(sql, params)),
    copyOut: (select) =>
      serial(async () => {
        // room for a little more than the last COPY: the factory timeline asked again, without the
        // buffer growing through all sizes up to its megabytes
        const reader = new CopyDataReader(lastCopy * 1.125)
        await lite.execProtocolRawStream(queryMessage(copyToStdout(select)), {
          syncToFs: false,
          onRawData: (piece) => reader.push(piece),
        })
        const bytes = reader.result()
        lastCopy = bytes.length
        return bytes
      }),
    transaction: (work) =>
      serial(() =>
        lite.transaction((tx) =>
          work({
            query: async <T>(sql: string, params: unknown[] = []) => (await tx.query<T>(sql, params)).rows,
            exec: async (sql) => {
              await tx.exec(sql)
            },
          }),
        ),
      ),
    close: () => serial(() => lite.close()),
  }
}

/** A PostgreSQL server at `url`; unreachable or refusing is one clear error naming the host, never the password. */
export async function openServer(url: string): Promise<Db> {
  const { default: pg } = await import('pg')
  const where = (() => {
    try {
      const u = new URL(url)
      return `${u.hostname}:${u.port || 5432}${u.pathname}`
    } catch {
      return 'DATABASE_URL'
    }
  })()
  const pool: Pool = new pg.Pool({ connectionString: url, max: 5, connectionTimeoutMillis: 10_000 })
  // a connection that breaks while idle is replaced on the next query; it must not crash the process
  pool.on('error', () => {})
  try {
    await pool.query('select 1')
  } catch (error) {
    await pool.end().catch(() => {})
    throw new DatabaseError(
      `the PostgreSQL server at ${where} cannot be reached (${error instanceof Error ? error.message : String(error)})`,
    )
  }
  // the size of the last COPY: room for a little more than it to begin with (as in openEmbedded)
  let lastCopy = 0
  return {
    kind: 'server',
    query: async (sql, params = []) => (await pool.query(sql, params)).rows,
    copyOut: async (select) => {
      const client = await pool.connect()
      try {
        const bytes = await new Promise<Uint8Array>((resolve, reject) => {
          client.query(new CopyOut(copyToStdout(select), resolve, reject, lastCopy * 1.125))
        })
        lastCopy = bytes.length
        return bytes
      } finally {
        client.release()
      }
    },
    transaction: async (work) => {
      const client: PoolClient = await pool.connect()
      try {
        await client.query('begin')
        const result = await work({
          query: async (sql, params = []) => (await client.query(sql, params)).rows,
          exec: async (sql) => {
            await client.query(sql)
          },
        })
        await client.query('commit')
        return result
      } catch (error) {
        await client.query('rollback').catch(() => {})
        throw error
      } finally {
        client.release()
      }
    },
    listen: async (channel, onMessage) => {
      // one connection kept for LISTEN; when it breaks (the server restarted, the network) it is opened
      // again every 5 s until it works, so no instance stays deaf after an outage
      let client: PoolClient | null = null
      let stopped = false
      let retry: ReturnType<typeof setTimeout> | undefined
      const handler = (message: { channel: string; payload?: string }) => {
        if (message.channel === channel) onMessage(message.payload ?? '')
      }
      const connect = async () => {
        if (stopped) return
        try {
          const next = await pool.connect()
          next.on('notification', handler)
          next.on('error', () => {
            next.release(true)
            if (client === next) client = null
            retry = setTimeout(() => void connect(), 5000)
          })
          await next.query(`listen ${quoteIdent(channel)}`)
          client = next
        } catch {
          retry = setTimeout(() => void connect(), 5000)
        }
      }
      await connect()
      return async () => {
        stopped = true
        clearTimeout(retry)
        const current = client
        client = null
        if (current) {
          current.off('notification', handler)
          await current.query(`unlisten ${quoteIdent(channel)}`).catch(() => {})
          current.release()
        }
      }
    },
    close: () => pool.end(),
  }
}

const copyToStdout = (select: string) => `copy (${select}) to stdout with (format binary)`

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`

/** The configured database: DATABASE_URL, else the embedded one in DATA_DIR/history. */
export function openDatabase(config: { databaseUrl: string | null; dataDir: string }): Promise<Db> {
  return config.databaseUrl ? openServer(config.databaseUrl) : openEmbedded(join(config.dataDir, 'history'))
}
