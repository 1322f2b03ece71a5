import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { onTestFinished } from 'vitest'

/** A fresh DATA_DIR under the system's temp folder. Open to other users' search (0755, as a folder a
 * factory gives stitchboard is): run as root, stitchboard runs its embedded database as the user
 * `postgres`, which must reach the folder to keep the database in it. */
export function freshDataFolder(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`))
  chmodSync(dir, 0o755)
  return dir
}

/** A fresh DATA_DIR (as `freshDataFolder`) removed when the test that asked for it ends. */
export function testDataFolder(prefix: string): string {
  const dir = freshDataFolder(prefix)
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}
