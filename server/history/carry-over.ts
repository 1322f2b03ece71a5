import { existsSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { exportHistory, importHistory } from './backup'
import type { Db } from './db'
import { openPglite } from './pglite'

/** Where stitchboard kept its embedded history before it ran PostgreSQL as a child process (PGlite). */
export const legacyFolder = (dataDir: string) => join(dataDir, 'history')
const carrying = (dataDir: string) => `${legacyFolder(dataDir)}.carrying-over`

/** Whether `dataDir` holds an earlier history still to carry over (or one a killed start was carrying). */
export const hasEarlierHistory = (dataDir: string) =>
  [legacyFolder(dataDir), carrying(dataDir)].some((folder) => existsSync(join(folder, 'PG_VERSION')))

/**
 * The first start on a DATA_DIR that holds a PGlite history (`DATA_DIR/history`) carries it into the new
 * embedded database, before anything else uses it: the folder is renamed `history.carrying-over`, read as
 * it is (not migrated: the restore brings the rows to today's schema), written out as a backup and
 * restored in one transaction (./backup.ts), and renamed `history.carried-over` (kept, never deleted: it
 * may be removed once the new one is trusted).
 * - A failure puts the folder back as it was, leaves the new database empty and fails the start with the
 *   reason: nothing is lost, and the next start tries again.
 * - A start killed during it finds `history.carrying-over`: the restore again when it had not committed;
 *   only the rename when it had.
 * - A new database that holds a history already is not overwritten: the earlier folder is left where it is,
 *   and each start says so.
 */
export async function carryOver(
  db: Db,
  dataDir: string,
  log: (line: string) => void,
): Promise<{ rows: number } | null> {
  const legacy = legacyFolder(dataDir)
  const moving = carrying(dataDir)
  const started = existsSync(join(moving, 'PG_VERSION'))
  if (!started && !existsSync(join(legacy, 'PG_VERSION'))) return null
  const holds = await holdsHistory(db)
  const finish = () => {
    let kept = `${legacy}.carried-over`
    for (let n = 2; existsSync(kept); n++) kept = `${legacy}.carried-over-${n}`
    renameSync(moving, kept)
    return kept
  }
  if (started && holds) {
    const kept = finish()
    log(`stitchboard: the history was carried over; the earlier database is kept in ${kept}`)
    return { rows: 0 }
  }
  if (holds) {
    log(
      `stitchboard: ${legacy} (the embedded database of an earlier stitchboard) is not carried over: the embedded PostgreSQL holds a history already. Move the folder away once you no longer need it`,
    )
    return null
  }
  if (!started) renameSync(legacy, moving)
  log(`stitchboard: carrying the history in ${legacy} over into the embedded PostgreSQL (once)`)
  const file = join(dataDir, 'history-carry-over.gz')
  rmSync(file, { force: true })
  try {
    const old = await openPglite(moving)
    try {
      await exportHistory(old, file)
    } finally {
      await old.close()
    }
    const done = await importHistory(db, file)
    const kept = finish()
    const rows = Object.values(done.rows).reduce((sum, n) => sum + n, 0)
    log(
      `stitchboard: carried ${rows.toLocaleString('en')} rows over; the earlier database is kept in ${kept} (remove it when you no longer need it)`,
    )
    return { rows }
  } catch (error) {
    if (existsSync(moving) && !existsSync(legacy)) renameSync(moving, legacy)
    throw new Error(
      `the history in ${legacy} cannot be carried over into the embedded PostgreSQL (${error instanceof Error ? error.message : String(error)}); it is left as it was: move the folder away to start without it`,
    )
  } finally {
    rmSync(file, { force: true })
  }
}

/** Whether the new database holds stitchboard's schema (only a restore or a start after one made it). */
async function holdsHistory(db: Db): Promise<boolean> {
  const [row] = await db.query<{ found: boolean }>(
    "select to_regclass('public.schema_migrations') is not null as found",
  )
  return row?.found === true
}
