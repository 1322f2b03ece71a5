import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, onTestFinished, test } from 'vitest'
import { carryOver, legacyFolder } from '../../server/history/carry-over'
import { openEmbedded } from '../../server/history/db'
import { migrate } from '../../server/history/migrations'
import { openPglite } from '../../server/history/pglite'
import { freshDataFolder } from '../data-folder'
import { contents, fill } from './filled-history'

/** A factory that ran stitchboard before its embedded database was the real PostgreSQL has its history
 * in `DATA_DIR/history` (PGlite): the first start with the new one carries every row over, once. */
const dataDir = () => {
  const dir = freshDataFolder('stitchboard-carry-over')
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

test('the first start carries every row of the earlier database over, keeps its folder, and does it once', {
  timeout: 120_000,
}, async () => {
  const dir = dataDir()
  const old = await openPglite(legacyFolder(dir))
  await migrate(old)
  await fill(old)
  const before = await contents(old)
  await old.close()

  const lines: string[] = []
  const db = await openEmbedded(dir, (line) => lines.push(line))
  try {
    const carried = await carryOver(db, dir, (line) => lines.push(line))
    expect(carried?.rows).toBeGreaterThan(100)
    expect(await contents(db)).toEqual(before)
    // the earlier folder is kept under another name, and said where
    expect(existsSync(legacyFolder(dir))).toBe(false)
    expect(existsSync(`${legacyFolder(dir)}.carried-over/PG_VERSION`)).toBe(true)
    expect(lines.join('\n')).toContain(`${legacyFolder(dir)}.carried-over`)
    // a second start finds nothing to carry over
    expect(await carryOver(db, dir, () => {})).toBeNull()
    expect(await contents(db)).toEqual(before)
  } finally {
    await db.close()
  }
})

test('an earlier database that cannot be read stops the start, and is left as it was', {
  timeout: 120_000,
}, async () => {
  const dir = dataDir()
  mkdirSync(legacyFolder(dir), { recursive: true })
  writeFileSync(join(legacyFolder(dir), 'PG_VERSION'), '17\n')
  writeFileSync(join(legacyFolder(dir), 'postgresql.conf'), 'not a configuration at all = = =\n')
  const db = await openEmbedded(dir)
  try {
    await expect(carryOver(db, dir, () => {})).rejects.toThrow(
      /cannot be carried over into the embedded PostgreSQL .*left as it was: move the folder away/,
    )
    expect(existsSync(join(legacyFolder(dir), 'PG_VERSION'))).toBe(true)
    // nothing half-written: the new database has no history
    const tables = await db.query(
      "select table_name from information_schema.tables where table_schema = 'public'",
    )
    expect(tables).toEqual([])
  } finally {
    await db.close()
  }
})
