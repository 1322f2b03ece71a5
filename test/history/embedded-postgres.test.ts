import { type ChildProcess, spawn } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { userInfo } from 'node:os'
import { join } from 'node:path'
import { expect, onTestFinished, test } from 'vitest'
import { openEmbedded } from '../../server/history/db'
import { alive, databaseHome, runningEmbedded } from '../../server/history/embedded-postgres'
import { freshDataFolder } from '../data-folder'
import { until } from '../until'

/** The embedded database's life beside stitchboard's: made once, kept across starts, never run twice on
 * one folder, never left running by a process that ends, and on a folder its user can reach. */
const dataDir = () => {
  const dir = freshDataFolder('stitchboard-embedded')
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

/** Another process that opens the embedded database of `dir` (test/history/hold-embedded.ts). */
async function holder(dir: string): Promise<{ child: ChildProcess; database: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/history/hold-embedded.ts', dir], {
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  onTestFinished(() => {
    child.kill('SIGKILL')
  })
  let out = ''
  child.stdout!.on('data', (piece: Buffer) => {
    out += piece.toString()
  })
  const line = await until('the other process to open its database', () => /ready (\d+)/.exec(out))
  return { child, database: Number(line![1]) }
}

test('made on the first start, kept with its rows across a stop and a start', {
  timeout: 60_000,
}, async () => {
  const dir = dataDir()
  const first = await openEmbedded(dir)
  expect(first.created).toBe(true)
  await first.query('create table kept (id int primary key, note text)')
  await first.query("insert into kept values (1, 'Fadenbruch Kopf 3')")
  await first.close()
  // stopped with it: no database of this folder runs
  expect(runningEmbedded(dir)).toBeNull()
  const second = await openEmbedded(dir)
  try {
    expect(second.created).toBe(false)
    expect(await second.query('select * from kept')).toEqual([{ id: 1, note: 'Fadenbruch Kopf 3' }])
  } finally {
    await second.close()
  }
})

test('a second stitchboard on the same DATA_DIR is refused; a process that ends takes its database with it', {
  timeout: 60_000,
}, async () => {
  const dir = dataDir()
  const other = await holder(dir)
  expect(alive(other.database)).toBe(true)
  await expect(openEmbedded(dir)).rejects.toThrow(
    `the data folder ${dir} is in use by another stitchboard (pid ${other.child.pid}): stop it, or give this one another DATA_DIR`,
  )
  // its stdin ends: it calls process.exit() without closing anything
  other.child.stdin!.end()
  await until('the other process to end', () => other.child.exitCode !== null)
  await until('its database to stop', () => !alive(other.database))
  // and the folder is this one's now
  const db = await openEmbedded(dir)
  await db.close()
})

test('a data folder made by another PostgreSQL version is refused with the way to move it', {
  timeout: 60_000,
}, async () => {
  const dir = dataDir()
  const db = await openEmbedded(dir)
  await db.close()
  const home = databaseHome(dir, { name: 'x' }, () => {})
  writeFileSync(join(home, 'postgres', 'PG_VERSION'), '15\n')
  await expect(openEmbedded(dir)).rejects.toThrow(
    /was made by PostgreSQL 15, and this stitchboard runs PostgreSQL \d+: back it up with the stitchboard that made it \(npm run backup\), move the folder away, and restore the backup here \(npm run restore\)/,
  )
})

test('a DATA_DIR that cannot be written is one clear error', { timeout: 30_000 }, async () => {
  const dir = dataDir()
  writeFileSync(join(dir, 'file'), '')
  await expect(openEmbedded(join(dir, 'file', 'data'))).rejects.toThrow(
    /the data folder .*file\/data cannot be used \(ENOTDIR\): set DATA_DIR to a folder this user may write, or DATABASE_URL/,
  )
})

test('run as root, the database runs as the user postgres, kept in DATA_DIR when it can reach it and beside when not', {
  timeout: 60_000,
}, async () => {
  const open = dataDir()
  // a folder closed to other users above DATA_DIR, as /root and `mktemp -d` folders are
  const closed = join(dataDir(), 'private')
  mkdirSync(closed)
  chmodSync(closed, 0o700)
  const hidden = join(closed, 'data')
  const lines: string[] = []
  const log = (line: string) => lines.push(line)
  for (const dir of [open, hidden]) {
    const db = await openEmbedded(dir, log)
    try {
      const [who] = await db.query<{ user: string }>('select current_user as user')
      expect(who?.user).toBe('stitchboard')
    } finally {
      await db.close()
    }
  }
  const owner = (dir: string) =>
    readFileSync(`/proc/self/status`, 'utf8') && existsSync(join(dir, 'postgres'))
  expect(owner(open)).toBe(true)
  if (userInfo().uid === 0) {
    // PostgreSQL does not run as root: it runs as postgres, who cannot enter `hidden`
    expect(existsSync(join(hidden, 'postgres'))).toBe(false)
    const home = databaseHome(hidden, { uid: 0, name: 'postgres' }, () => {})
    onTestFinished(() => rmSync(home, { recursive: true, force: true }))
    expect(home).toMatch(/^\/var\/lib\/stitchboard-postgres\/[0-9a-f]{12}$/)
    expect(readFileSync(join(home, 'DATA_DIR'), 'utf8')).toBe(`${hidden}\n`)
    expect(lines.join('\n')).toContain(`who cannot reach ${hidden}: it is kept in ${home}`)
  } else {
    // an ordinary user runs it on its own folders
    expect(existsSync(join(hidden, 'postgres'))).toBe(true)
    expect(lines).toEqual([])
  }
})
