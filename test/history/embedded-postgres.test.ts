import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir, userInfo } from 'node:os'
import { basename, dirname, join } from 'node:path'
import pg from 'pg'
import { expect, onTestFinished, test } from 'vitest'
import { commandLine, fallbackHome } from '../../server/history/embedded-host'
import { alive, databaseHome, runningEmbedded } from '../../server/history/embedded-postgres'
import { openEmbedded } from '../../server/history/open'
import { testDataFolder } from '../data-folder'
import { until } from '../until'

/** The embedded database's life beside stitchboard's: made once, kept across starts, never run twice on
 * one folder, never left running by a process that ends, and on a folder its user can reach. */
const dataDir = () => testDataFolder('stitchboard-embedded')

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

/** The user id process `pid` runs as (Linux). */
const uidOf = (pid: number) => Number(/^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1])

test('run as root, the database runs as a user of its own, kept in DATA_DIR when it can reach it and beside when not', {
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
  const runAs: number[] = []
  for (const dir of [open, hidden]) {
    const db = await openEmbedded(dir, log)
    try {
      const [who] = await db.query<{ user: string }>('select current_user as user')
      expect(who?.user).toBe('stitchboard')
      runAs.push(uidOf(runningEmbedded(dir)!.pid))
    } finally {
      await db.close()
    }
  }
  expect(existsSync(join(open, 'postgres', 'PG_VERSION'))).toBe(true)
  if (userInfo().uid === 0) {
    // PostgreSQL does not run as root: it runs as stitchboard-db, who owns its folder…
    const own = Number(execFileSync('id', ['-u', 'stitchboard-db'], { encoding: 'utf8' }))
    expect(runAs).toEqual([own, own])
    expect(statSync(join(open, 'postgres')).uid).toBe(own)
    // …and cannot enter `hidden`: the database is kept beside, and the start says where
    expect(existsSync(join(hidden, 'postgres'))).toBe(false)
    const home = fallbackHome(hidden)
    onTestFinished(() => rmSync(home, { recursive: true, force: true }))
    expect(home).toMatch(/^\/var\/lib\/stitchboard-postgres\/[0-9a-f]{12}$/)
    expect(readFileSync(join(home, 'DATA_DIR'), 'utf8')).toBe(`${hidden}\n`)
    expect(lines.join('\n')).toContain(`who cannot reach ${hidden}: it is kept in ${home}`)
  } else {
    // an ordinary user runs it on its own folders
    expect(runAs).toEqual([userInfo().uid, userInfo().uid])
    expect(existsSync(join(hidden, 'postgres', 'PG_VERSION'))).toBe(true)
  }
})

test('a postmaster.pid naming a process that is not this database (a pid given again) leaves that process alone', {
  timeout: 60_000,
}, async () => {
  const dir = dataDir()
  const first = await openEmbedded(dir)
  await first.close()
  // a live program whose command line says "postgres", on another folder
  const other = spawn('sleep', ['600'], { argv0: 'postgres', stdio: 'ignore' })
  onTestFinished(() => {
    other.kill('SIGKILL')
  })
  await until('the other program to run', () => commandLine(other.pid!).startsWith('postgres'))
  const file = join(dir, 'postgres', 'postmaster.pid')
  writeFileSync(file, `${other.pid}\n${join(dir, 'postgres')}\n1\n5432\n/tmp\n\n\nready\n`)
  const db = await openEmbedded(dir)
  try {
    expect(await db.query('select 1 as one')).toEqual([{ one: 1 }])
    expect(alive(other.pid!)).toBe(true)
  } finally {
    await db.close()
  }
})

test('killed together with its database, a start recovers it and has every committed row', {
  timeout: 90_000,
}, async () => {
  const dir = dataDir()
  const db = await openEmbedded(dir)
  await db.query('create table kept (id int primary key)')
  await db.query('insert into kept select generate_series(1, 500)')
  await db.close()
  const other = await holder(dir)
  // the stitchboard and its database both killed (a power cut, an OOM kill of the service's processes)
  process.kill(other.database, 'SIGKILL')
  other.child.kill('SIGKILL')
  await until(
    'both to be gone',
    () => !alive(other.database) && (other.child.exitCode !== null || other.child.signalCode !== null),
  )
  const again = await openEmbedded(dir)
  try {
    expect(await again.query('select count(*)::int as n from kept')).toEqual([{ n: 500 }])
  } finally {
    await again.close()
  }
})

test('a cluster without stitchboard’s database (a start killed after initdb) gets it on the next start', {
  timeout: 60_000,
}, async () => {
  const dir = dataDir()
  const first = await openEmbedded(dir)
  const url = new URL(runningEmbedded(dir)!.url)
  await first.close()
  const second = await openEmbedded(dir)
  url.pathname = '/postgres'
  const admin = new pg.Client({ connectionString: url.toString() })
  await admin.connect()
  await admin.query('drop database stitchboard with (force)')
  await admin.end()
  await second.close().catch(() => {})
  const third = await openEmbedded(dir)
  try {
    expect(await third.query('select current_database() as db')).toEqual([{ db: 'stitchboard' }])
  } finally {
    await third.close()
  }
})

test('a DATA_DIR/postgres that holds something else is refused and left as it is', {
  timeout: 30_000,
}, async () => {
  const dir = dataDir()
  mkdirSync(join(dir, 'postgres'))
  writeFileSync(join(dir, 'postgres', 'notes.txt'), 'not a database')
  await expect(openEmbedded(dir)).rejects.toThrow(
    `${join(dir, 'postgres')} holds files but no PostgreSQL database: stitchboard keeps its embedded database there, so move that folder away (or set DATA_DIR to another folder)`,
  )
  expect(readFileSync(join(dir, 'postgres', 'notes.txt'), 'utf8')).toBe('not a database')
})

test('a DATA_DIR too deep for a socket path has its socket in a folder of the temp folder, removed at the stop', {
  timeout: 60_000,
}, async () => {
  const dir = join(dataDir(), 'a-factory-folder-named-at-length'.repeat(3))
  mkdirSync(dir)
  const db = await openEmbedded(dir)
  // its own socket folder, as the running database says (other tests may start databases meanwhile)
  const socketDir = new URL(runningEmbedded(dir)!.url).searchParams.get('host')!
  try {
    expect(await db.query('select 1 as one')).toEqual([{ one: 1 }])
    expect(dirname(socketDir)).toBe(tmpdir())
    expect(basename(socketDir)).toMatch(/^stitchboard-pg-/)
    expect(readdirSync(socketDir)).toContain('.s.PGSQL.5432')
    expect(statSync(socketDir).mode & 0o777).toBe(0o700)
  } finally {
    await db.close()
  }
  expect(existsSync(socketDir)).toBe(false)
})
