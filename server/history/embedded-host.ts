import { execFileSync, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  chmodSync,
  closeSync,
  constants,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  realpathSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs'
import { userInfo } from 'node:os'
import { dirname, join } from 'node:path'
import { EmbeddedDatabaseError } from './embedded-error'

/** Who runs the embedded database and where its folder is (./embedded-postgres.ts): the user and the
 * folder, the processes a killed stitchboard left, the claim on a DATA_DIR. */

/** The user the database runs as when stitchboard runs as root (PostgreSQL refuses to run as root): one of
 * its own, so that no other program's account (a distribution's `postgres`) reaches its socket. */
export const ROOT_RUNS_AS = 'stitchboard-db'
/** Where the database is kept when stitchboard runs as root and that user cannot reach DATA_DIR. */
const ROOT_FALLBACK = '/var/lib/stitchboard-postgres'

export interface RunAs {
  uid?: number
  gid?: number
  name: string
}

const idsOf = (name: string) => {
  try {
    const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8', stdio: 'pipe' }))
    const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8', stdio: 'pipe' }))
    return Number.isInteger(uid) && Number.isInteger(gid) ? { uid, gid } : null
  } catch {
    return null
  }
}

/** The name of user `uid`, or null when it has none (PostgreSQL needs one: it looks itself up). */
const nameOf = (uid: number) => {
  try {
    return execFileSync('id', ['-nu', String(uid)], { encoding: 'utf8', stdio: 'pipe' }).trim() || null
  } catch {
    return null
  }
}

/**
 * Who runs the database: this user; when this is root (which PostgreSQL refuses), the owner of the
 * database that exists already (the service's user, for a command run as root beside it), else the system
 * user `stitchboard-db`, made when missing. Refusals are one line that says what to do.
 */
export function runAs(existing: string | null, log: (line: string) => void): RunAs {
  const me = userInfo()
  if (me.uid !== 0) return { name: me.username }
  if (existing) {
    const { uid, gid } = statSync(existing)
    if (uid !== 0) {
      const name = nameOf(uid)
      if (!name)
        throw new EmbeddedDatabaseError(
          `the embedded database in ${existing} belongs to user id ${uid}, which has no name now (a systemd DynamicUser while its service is stopped): start the service (npm run backup then talks to its database), or run this as that user`,
        )
      return { uid, gid, name }
    }
  }
  let found = idsOf(ROOT_RUNS_AS)
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
    found = idsOf(ROOT_RUNS_AS)
    if (found) log(`stitchboard: made the system user ${ROOT_RUNS_AS} to run the embedded database as`)
  }
  if (!found)
    throw new EmbeddedDatabaseError(
      `the embedded database (PostgreSQL) does not run as root and no user ${ROOT_RUNS_AS} exists or can be made: run stitchboard as an ordinary user (deploy/stitchboard.service does), or set DATABASE_URL`,
    )
  return { ...found, name: ROOT_RUNS_AS }
}

/** The `/proc/<pid>/stat` fields after the command's name (the first is the state), or null. */
const statFields = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  } catch {
    return null
  }
}

/** Whether process `pid` runs. One that has ended and waits to be reaped by a parent that never does (a
 * zombie: PID 1 of some containers) has ended. */
export const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
  if (process.platform !== 'linux') return true
  const fields = statFields(pid)
  return fields !== null && fields[0] !== 'Z'
}

/** When process `pid` started (Linux: clock ticks since boot), to tell it from a later one with its pid. */
const startedAt = (pid: number) => (process.platform === 'linux' ? (statFields(pid)?.[19] ?? '') : '')

/** The command line of process `pid` (Linux: /proc; elsewhere: ps), '' when it is gone. */
export const commandLine = (pid: number) => {
  try {
    if (process.platform === 'linux')
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ')
    return execFileSync('ps', ['-o', 'args=', '-p', String(pid)], { encoding: 'utf8', stdio: 'pipe' })
  } catch {
    return ''
  }
}

/** The first `max` bytes of a regular file (never through a symbolic link), as lines; null when there is
 * none. The database's user controls the folder: root reads nothing it did not mean. */
export const readLines = (path: string, max = 4096) => {
  let fd: number | undefined
  try {
    if (!lstatSync(path).isFile()) return null
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW)
    const buffer = Buffer.alloc(max)
    const n = readSync(fd, buffer, 0, max, 0)
    return buffer.subarray(0, n).toString('utf8').split('\n')
  } catch {
    return null
  } finally {
    if (fd !== undefined) closeSync(fd)
  }
}

/** The server a `postmaster.pid` names when it still runs on this folder: its pid and its socket's folder.
 * A pid that another program has since been given is not it (its command line names another folder). */
export function runningServer(dataFolder: string): { pid: number; socketDir: string } | null {
  const lines = readLines(join(dataFolder, 'postmaster.pid'))
  if (!lines) return null
  const pid = Number(lines[0])
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return null
  if (!commandLine(pid).includes(`-D ${dataFolder} `)) return null
  return { pid, socketDir: lines[4] ?? '' }
}

export const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))

/** Stops the server `pid`: fast shutdown, then immediate, then kill; resolves when it is gone. */
export async function stopProcess(pid: number, waitMs: number): Promise<void> {
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

/**
 * The folder that holds the database (`postgres`) and its socket: DATA_DIR, unless stitchboard runs as
 * root, DATA_DIR holds no database yet, and the user the database would run as cannot reach it (a folder
 * above it is closed to other users, as /root and `mktemp -d` folders are): then a folder of its own under
 * /var/lib/stitchboard-postgres, named after DATA_DIR, which a later start finds again.
 */
export function databaseHome(base: string, owner: RunAs, log: (line: string) => void): string {
  if (owner.uid === undefined || existsSync(join(base, 'postgres', 'PG_VERSION'))) return base
  const home = fallbackHome(base)
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

/** The folder for DATA_DIR `base` under /var/lib/stitchboard-postgres (by its real path: one folder for
 * the names a link gives it). */
export const fallbackHome = (base: string) => {
  let real = base
  try {
    real = realpathSync(base)
  } catch {
    // not there yet: its name
  }
  return join(ROOT_FALLBACK, createHash('sha256').update(real).digest('hex').slice(0, 12))
}

/** The folders the database of DATA_DIR `base` may be in: `DATA_DIR/postgres`, and the one beside it that
 * a start as root may have used. */
export const databaseFolders = (base: string) =>
  [base, fallbackHome(base)].map((home) => join(home, 'postgres'))

/** The folder of the database that exists for DATA_DIR `base`, or null when there is none yet. */
export const existingDatabase = (base: string) =>
  databaseFolders(base).find((folder) => existsSync(join(folder, 'PG_VERSION'))) ?? null

/** Whether `owner` may enter `folder` (search permission on it and every folder above it). */
export function reachable(folder: string, owner: RunAs): boolean {
  if (owner.uid === undefined) return true
  const probe = spawnSync('/bin/sh', ['-c', 'cd "$1"', 'probe', folder], {
    uid: owner.uid,
    gid: owner.gid ?? owner.uid,
    stdio: 'ignore',
  })
  return probe.status === 0
}

/** Refuses when the database's user cannot run the binaries (a clone in /root, run as root). */
export function binariesReachable(postgres: string, owner: RunAs) {
  if (!reachable(dirname(postgres), owner))
    throw new EmbeddedDatabaseError(
      `stitchboard runs as root and its embedded database runs as the user ${owner.name}, who cannot reach the PostgreSQL binaries in ${dirname(postgres)} (a folder above them is closed to other users): install stitchboard in a folder others may read (for example /opt/stitchboard), run it as an ordinary user, or set DATABASE_URL`,
    )
}

/** `DATA_DIR/stitchboard.pid` names the stitchboard that runs the database (its pid and start): a second
 * one on the same folder is refused (two would each stop the other's database). Made with O_EXCL, so
 * that of two starting at once one makes it and the other finds it. */
export function claimDataDir(base: string) {
  const path = join(base, 'stitchboard.pid')
  const mine = `${process.pid} ${startedAt(process.pid)}\n`
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(path, mine, { flag: 'wx' })
      return
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    const [pid, started] = (readLines(path)?.[0] ?? '').split(' ')
    const holder = Number(pid)
    if (holder === process.pid) return
    if (Number.isInteger(holder) && holder > 0 && alive(holder) && (started ?? '') === startedAt(holder))
      throw new EmbeddedDatabaseError(
        `the data folder ${base} is in use by another stitchboard (pid ${holder}): stop it, or give this one another DATA_DIR`,
      )
    // its stitchboard has ended (killed): the claim is taken over
    try {
      unlinkSync(path)
    } catch {
      // another start took it over first: tried again
    }
  }
  throw new EmbeddedDatabaseError(`the data folder ${base} is being claimed by another start: try again`)
}

export function releaseDataDir(base: string) {
  const path = join(base, 'stitchboard.pid')
  if (Number((readLines(path)?.[0] ?? '').split(' ')[0]) === process.pid) {
    try {
      unlinkSync(path)
    } catch {
      // gone already
    }
  }
}
