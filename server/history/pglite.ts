import { resolve } from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import { CopyDataReader, queryMessage } from './copy-out'
import { copyToStdout, DatabaseError, type Db } from './db'

/** The PGlite database in `dir` (PostgreSQL compiled to WebAssembly, in this process): stitchboard's
 * embedded database before it ran the real PostgreSQL as a child process. Opened only to carry a history
 * over (./carry-over.ts). */
export async function openPglite(dir: string): Promise<Db> {
  const path = resolve(dir)
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
