import { rmSync } from 'node:fs'
import { inject } from 'vitest'
import { type Db, openServer } from '../../server/history/db'
import { openEmbedded } from '../../server/history/open'
import { freshDataFolder } from '../data-folder'
import { createDatabase } from './postgres-server'

let databases = 0

/** A fresh, empty database on the run's PostgreSQL server (its URL). */
export async function freshServerDatabase(): Promise<string> {
  return createDatabase(
    inject('databaseUrl'),
    `stitchboard_test_${process.pid}_${Date.now().toString(36)}_${databases++}`,
  )
}

/** A fresh folder for an embedded database. */
export const freshDataDir = () => freshDataFolder('stitchboard-history')

/** The two ways stitchboard reaches PostgreSQL; every history test runs on both. */
export const BACKENDS: ReadonlyArray<readonly [string, () => Promise<Db>]> = [
  [
    'the embedded PostgreSQL',
    async () => {
      const dir = freshDataDir()
      const db = await openEmbedded(dir)
      // the folder goes with the database
      return { ...db, close: () => db.close().finally(() => rmSync(dir, { recursive: true, force: true })) }
    },
  ],
  ['a PostgreSQL server', async () => openServer(await freshServerDatabase())],
  [
    "Debian's PostgreSQL",
    async () =>
      openServer(
        await createDatabase(
          inject('debianDatabaseUrl'),
          `stitchboard_debian_${process.pid}_${Date.now().toString(36)}_${databases++}`,
        ),
      ),
  ],
]
