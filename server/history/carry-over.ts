import { existsSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { exportHistory, importHistory } from './backup'
import type { Db } from './db'
import { migrate } from './migrations'
import { openPglite } from './pglite'

/** Where stitchboard kept its embedded history before it ran PostgreSQL as a child process (PGlite). */
export const legacyFolder = (dataDir: string) => join(dataDir, 'history')

/**
 * The first start on a DATA_DIR that holds a PGlite history (`DATA_DIR/history`) carries it into the new
 * embedded database: the earlier database is opened, brought to today's schema, written out as a backup
 * and restored into the new one in one transaction (./backup.ts), then the folder is renamed
 * `history.carried-over` (kept, never deleted: it may be removed once the new one is trusted). A failure
 * leaves the folder as it was and the new database empty, and the start fails with the reason, so that
 * nothing of the factory's history is lost and the next start tries again. Returns what was carried over.
 */
export async function carryOver(
  db: Db,
  dataDir: string,
  log: (line: string) => void,
): Promise<{ rows: number } | null> {
  const legacy = legacyFolder(dataDir)
  if (!existsSync(join(legacy, 'PG_VERSION'))) return null
  const file = join(dataDir, 'history-carry-over.gz')
  rmSync(file, { force: true })
  log(`stitchboard: carrying the history in ${legacy} over into the embedded PostgreSQL (once)`)
  try {
    const old = await openPglite(legacy)
    try {
      await migrate(old)
      await exportHistory(old, file)
    } finally {
      await old.close()
    }
    const done = await importHistory(db, file)
    renameSync(legacy, `${legacy}.carried-over`)
    const rows = Object.values(done.rows).reduce((sum, n) => sum + n, 0)
    log(
      `stitchboard: carried ${rows.toLocaleString('en')} rows over; the earlier database is kept in ${legacy}.carried-over (remove it when you no longer need it)`,
    )
    return { rows }
  } catch (error) {
    throw new Error(
      `the history in ${legacy} cannot be carried over into the embedded PostgreSQL (${error instanceof Error ? error.message : String(error)}); it is left as it was: move the folder away to start without it`,
    )
  } finally {
    rmSync(file, { force: true })
  }
}
