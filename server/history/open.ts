import { carryOver, hasEarlierHistory } from './carry-over'
import { DatabaseError, type Db, openServer } from './db'
import {
  EmbeddedDatabaseError,
  type EmbeddedPostgres,
  runningEmbedded,
  startEmbeddedPostgres,
} from './embedded-postgres'

/** Opening the configured database (./db.ts is the interface and the way to a server). */

/** The embedded PostgreSQL of `dataDir` (started here, stopped by `close`), with an earlier stitchboard's
 * PGlite history carried over into it first (./carry-over.ts). A database that ends while it is used ends
 * the process (one line says why), so that a service manager starts both again. */
export async function openEmbedded(
  dataDir: string,
  log: (line: string) => void = () => {},
): Promise<Db & { created: boolean }> {
  let server: EmbeddedPostgres
  try {
    server = await startEmbeddedPostgres(dataDir, log, {
      onUnexpectedExit: (why) => {
        log(
          `stitchboard: the embedded database stopped unexpectedly (${why}): stitchboard stops too, so that it is started again with it`,
        )
        process.exit(70)
      },
    })
  } catch (error) {
    throw error instanceof EmbeddedDatabaseError ? new DatabaseError(error.message) : error
  }
  let db: Db
  try {
    // stitchboard's own connections: the watcher, the alerts and a few readers at once
    db = await openServer(server.url, { kind: 'embedded', connections: 4, afterClose: server.stop })
  } catch (error) {
    await server.stop()
    throw error
  }
  try {
    if (hasEarlierHistory(dataDir)) await carryOver(db, dataDir, log)
  } catch (error) {
    await db.close().catch(() => {})
    throw new DatabaseError(error instanceof Error ? error.message : String(error))
  }
  return { ...db, created: server.created }
}

/** The configured database for a command beside the server (`npm run backup`): the embedded one of a
 * stitchboard that runs, through its socket, else as `openDatabase` (started here and stopped again). */
export async function openBeside(
  config: { databaseUrl: string | null; dataDir: string },
  log: (line: string) => void = () => {},
): Promise<Db> {
  if (config.databaseUrl) return openServer(config.databaseUrl)
  const running = runningEmbedded(config.dataDir)
  return running
    ? openServer(running.url, { kind: 'embedded', connections: 2 })
    : openEmbedded(config.dataDir, log)
}

/** The configured database: DATABASE_URL, else the embedded one in DATA_DIR. */
export function openDatabase(
  config: { databaseUrl: string | null; dataDir: string },
  log: (line: string) => void = () => {},
): Promise<Db> {
  return config.databaseUrl ? openServer(config.databaseUrl) : openEmbedded(config.dataDir, log)
}
