import { execFileSync, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs'
import { userInfo } from 'node:os'
import { join } from 'node:path'
import { EmbeddedDatabaseError } from './embedded-error'

/** Who runs the embedded database and where its folder is (./embedded-postgres.ts): the user and the
 * folder, the processes a killed stitchboard left, the claim on a DATA_DIR. */

/** The owner of the data folder when stitchboard runs as root (PostgreSQL refuses to run as root). */
export const ROOT_RUNS_AS = 'postgres'
/** Where the database is kept when stitchboard runs as root and that user cannot reach DATA_DIR. */
const ROOT_FALLBACK = '/var/lib/stitchboard-postgres'

export interface RunAs {
  uid?: number
  gid?: number
  name: string
}

/** Who runs the database: this user, or when this is root (which PostgreSQL refuses), the system user
 * `postgres`, made when missing. */
export function runAs(log: (line: string) => void): RunAs {
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

export const commandLine = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ')
  } catch {
    return ''
  }
}

export const readLines = (path: string) => {
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

/** The folder that holds the database (`postgres`) and its socket: DATA_DIR, unless stitchboard runs as
 * root and the user the database runs as cannot reach it (a folder above it is closed to other users, as
 * /root and `mktemp -d` folders are): then a folder of its own under /var/lib/stitchboard-postgres, named after
 * DATA_DIR, which a later start finds again. */
export function databaseHome(base: string, owner: RunAs, log: (line: string) => void): string {
  if (owner.uid === undefined) return base
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

export const fallbackHome = (base: string) =>
  join(ROOT_FALLBACK, createHash('sha256').update(base).digest('hex').slice(0, 12))

/** Whether `owner` may enter `folder` (search permission on it and every folder above it). */
export function reachable(folder: string, owner: RunAs): boolean {
  const probe = spawnSync('/bin/sh', ['-c', 'cd "$1"', 'probe', folder], {
    uid: owner.uid,
    gid: owner.gid ?? owner.uid,
    stdio: 'ignore',
  })
  return probe.status === 0
}

/** `DATA_DIR/stitchboard.pid` names the stitchboard that runs the database: a second one on the same
 * folder is refused (two would each stop the other's database). */
export function claimDataDir(base: string) {
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

export function releaseDataDir(base: string) {
  const path = join(base, 'stitchboard.pid')
  if (Number(readLines(path)?.[0]) === process.pid) {
    try {
      unlinkSync(path)
    } catch {
      // gone already
    }
  }
}
