import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { legacyFolder } from '../../server/history/carry-over'
import { runningEmbedded } from '../../server/history/embedded-postgres'
import { migrate } from '../../server/history/migrations'
import { openEmbedded } from '../../server/history/open'
import { openPglite } from '../../server/history/pglite'
import { testDataFolder } from '../data-folder'
import { contents, fill } from './filled-history'

/** A factory that ran stitchboard before its embedded database was the real PostgreSQL has its history
 * in `DATA_DIR/history` (PGlite): the first start with the new one carries every row over, once. */
const dataDir = () => testDataFolder('stitchboard-carry-over')

/** A PGlite history as the earlier stitchboard left it, and what it holds. */
async function earlier(dir: string, polls = 150) {
  const old = await openPglite(legacyFolder(dir))
  await migrate(old)
  await fill(old, polls)
  const held = await contents(old)
  await old.close()
  return held
}

test('the first start carries every row of the earlier database over, keeps its folder, and does it once', {
  timeout: 120_000,
}, async () => {
  const dir = dataDir()
  const before = await earlier(dir)
  const lines: string[] = []
  // the start itself carries it over, before anything uses the new database
  const db = await openEmbedded(dir, (line) => lines.push(line))
  try {
    expect(await contents(db)).toEqual(before)
    // the earlier folder is kept under another name, and said where
    expect(existsSync(legacyFolder(dir))).toBe(false)
    expect(existsSync(`${legacyFolder(dir)}.carried-over/PG_VERSION`)).toBe(true)
    expect(lines.join('\n')).toMatch(
      /carried [\d,]+ rows over; the earlier database is kept in .*history\.carried-over/,
    )
  } finally {
    await db.close()
  }
  // a second start finds nothing to carry over
  const again = await openEmbedded(dir)
  try {
    expect(await contents(again)).toEqual(before)
  } finally {
    await again.close()
  }
})

test('a start killed after the rows were committed, before the rename, only renames on the next start', {
  timeout: 120_000,
}, async () => {
  const dir = dataDir()
  const before = await earlier(dir, 20)
  const db = await openEmbedded(dir)
  await db.close()
  // as a kill between the commit and the rename leaves it
  renameSync(`${legacyFolder(dir)}.carried-over`, `${legacyFolder(dir)}.carrying-over`)
  const lines: string[] = []
  const again = await openEmbedded(dir, (line) => lines.push(line))
  try {
    expect(await contents(again)).toEqual(before)
    expect(existsSync(`${legacyFolder(dir)}.carried-over/PG_VERSION`)).toBe(true)
    expect(lines.join('\n')).toContain('the history was carried over; the earlier database is kept in')
  } finally {
    await again.close()
  }
})

test('an earlier database that cannot be read stops the start, and is left as it was', {
  timeout: 120_000,
}, async () => {
  const dir = dataDir()
  mkdirSync(legacyFolder(dir), { recursive: true })
  writeFileSync(join(legacyFolder(dir), 'PG_VERSION'), '17\n')
  writeFileSync(join(legacyFolder(dir), 'postgresql.conf'), 'not a configuration at all = = =\n')
  await expect(openEmbedded(dir)).rejects.toThrow(
    /cannot be carried over into the embedded PostgreSQL .*left as it was: move the folder away/,
  )
  expect(existsSync(join(legacyFolder(dir), 'PG_VERSION'))).toBe(true)
  expect(existsSync(`${legacyFolder(dir)}.carrying-over`)).toBe(false)
  // no database process is left running, and the new database has no history
  expect(runningEmbedded(dir)).toBeNull()
  rmSync(legacyFolder(dir), { recursive: true })
  const db = await openEmbedded(dir)
  try {
    expect(
      await db.query("select table_name from information_schema.tables where table_schema = 'public'"),
    ).toEqual([])
  } finally {
    await db.close()
  }
})
