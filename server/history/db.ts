import type { Pool, PoolClient } from 'pg'
import { CopyOut } from './copy-out'

/**
 * The one SQL dialect of stitchboard's memory: PostgreSQL. Two ways to reach it, one interface:
 * - embedded (the default): the real PostgreSQL binaries as a child process on `DATA_DIR/postgres`,
 *   reached through a private socket (./embedded-postgres.ts); no setup;
 * - a PostgreSQL server (`DATABASE_URL`), which several stitchboard instances can share (LISTEN/NOTIFY
 *   and the leader's lease are used there only: the embedded one belongs to one process).
 * Both are the same PostgreSQL through the same pool and code.
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

/** A PostgreSQL server at `url`; unreachable or refusing is one clear error naming the host, never the password. */
export async function openServer(
  url: string,
  options: { kind?: Db['kind']; connections?: number; afterClose?: () => Promise<void> } = {},
): Promise<Db> {
  const { default: pg } = await import('pg')
  const where = (() => {
    try {
      const u = new URL(url)
      const socket = u.searchParams.get('host')
      return socket ? `the socket in ${socket}` : `${u.hostname}:${u.port || 5432}${u.pathname}`
    } catch {
      return 'DATABASE_URL'
    }
  })()
  const pool: Pool = new pg.Pool({
    connectionString: url,
    max: options.connections ?? 5,
    connectionTimeoutMillis: 10_000,
  })
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
  // the size of the last COPY: room for a little more than it to begin with, without the buffer growing
  // through all sizes up to its megabytes each time the factory timeline is asked again
  let lastCopy = 0
  return {
    kind: options.kind ?? 'server',
    query: async (sql, params = []) => (await pool.query(sql, params)).rows,
    copyOut: async (select) => {
      const client = await pool.connect()
      // a connection that breaks while checked out emits 'error', which the pool listens for only while
      // it is idle: unheard, it would end the process (the query itself fails and says why)
      const heard = () => {}
      client.on('error', heard)
      try {
        const bytes = await new Promise<Uint8Array>((resolve, reject) => {
          client.query(new CopyOut(copyToStdout(select), resolve, reject, lastCopy * 1.125))
        })
        lastCopy = bytes.length
        return bytes
      } finally {
        client.removeListener('error', heard)
        client.release()
      }
    },
    transaction: async (work) => {
      const client: PoolClient = await pool.connect()
      // as copyOut: the database going away mid-transaction is this transaction's error, not the process's
      const heard = () => {}
      client.on('error', heard)
      let broken = false
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
        await client.query('rollback').catch(() => {
          broken = true
        })
        throw error
      } finally {
        client.removeListener('error', heard)
        // a connection that could not even roll back is not given to the next caller
        client.release(broken)
      }
    },
    listen: async (channel, onMessage) => {
      // one connection kept for LISTEN; when it breaks (the server restarted, the network) it is opened
      // again every 5 s until it works, so no instance stays deaf after an outage
      let client: PoolClient | null = null
      let stopped = false
      let retry: ReturnType<typeof setTimeout> | undefined
      // a connection is given back once: at a stop the database may end it (an error event) after the
      // stop gave it back, and a second release throws out of the event handler (it took the server down)
      const released = new WeakSet<PoolClient>()
      const giveBack = (c: PoolClient, destroy?: boolean) => {
        if (released.has(c)) return
        released.add(c)
        c.release(destroy)
      }
      const handler = (message: { channel: string; payload?: string }) => {
        if (message.channel === channel) onMessage(message.payload ?? '')
      }
      const connect = async () => {
        if (stopped) return
        try {
          const next = await pool.connect()
          next.on('notification', handler)
          next.on('error', () => {
            giveBack(next, true)
            if (client === next) client = null
            if (!stopped) retry = setTimeout(() => void connect(), 5000)
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
          giveBack(current)
        }
      }
    },
    close: async () => {
      await pool.end()
      await options.afterClose?.()
    },
  }
}

export const copyToStdout = (select: string) => `copy (${select}) to stdout with (format binary)`

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`

/** A timestamptz as read back (a Date, or text from the embedded database), as Unix ms. */
export const ms = (value: unknown): number | null =>
  value === null || value === undefined
    ? null
    : value instanceof Date
      ? value.getTime()
      : Date.parse(String(value))
export const iso = (at: number) => new Date(at).toISOString()
