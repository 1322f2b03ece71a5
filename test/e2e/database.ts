import type { TestProject } from 'vitest/node'
import postgresForTheRun, { createDatabase } from '../history/postgres-server'
import { clockOffset, type Running, SHARED_SERVERS, type SharedServer, startProcess } from './harness'

declare module 'vitest' {
  export interface ProvidedContext {
    /** the servers the end-to-end tests start keep their history in a fresh database of `databaseUrl` */
    serversShareDatabase: boolean
    /** the run's servers (harness.ts `sharedServer`): their addresses, and the clock they run on */
    sharedServers: Record<SharedServer, string>
    clockOffsetMs: number
  }
}

/** Global setup of the end-to-end tests: one PostgreSQL server for the run, a database per server started
 * (test/e2e/harness.ts `startProcess`); and the servers that the files which only read share, started once
 * instead of once a file. */
export default async function setup(project: TestProject) {
  const teardown = await postgresForTheRun(project)
  project.provide('serversShareDatabase', true)
  const url = project.getProvidedContext().databaseUrl
  const results = await Promise.allSettled(
    Object.entries(SHARED_SERVERS).map(async ([name, env]) =>
      startProcess('server/main.ts', {
        ...env,
        DATABASE_URL: await createDatabase(url, `e2e_shared_${name}`),
      }),
    ),
  )
  const started = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
  const failed = results.find((result) => result.status === 'rejected')
  if (failed) {
    await Promise.all(started.map((server) => server.stop()))
    await teardown()
    throw failed.reason
  }
  const [factory, large] = started as [Running, Running]
  project.provide('sharedServers', { factory: factory.url, large: large.url })
  project.provide('clockOffsetMs', clockOffset())
  return async () => {
    await Promise.all(started.map((server) => server.stop()))
    await teardown()
  }
}
