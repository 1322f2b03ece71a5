import type { Config } from '../config'
import type { Upstreams } from '../upstreams'
import { type Db, openDatabase } from './db'
import { migrate } from './migrations'
import type { History } from './routes'
import { HistoryStore } from './store'
import { Watcher } from './watcher'

/** Opens the database, applies the migrations and starts the watcher. Rejects with one clear message
 * when the database cannot be used. */
export async function startHistory(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'pollSeconds' | 'historyDays' | 'upstreamTimeoutSeconds'>,
  upstreams: Upstreams,
  log: (line: string) => void,
  options: { now?: () => number; demoBackfillDays?: number } = {},
): Promise<History & { db: Db }> {
  const db = await openDatabase(config)
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
  const watcher = new Watcher({
    store,
    db,
    upstreams,
    pollSeconds: config.pollSeconds,
    historyDays: config.historyDays,
    upstreamTimeoutSeconds: config.upstreamTimeoutSeconds,
    log,
    ...options,
  })
  await watcher.start()
  return { store, watcher, pollSeconds: config.pollSeconds, db }
}
