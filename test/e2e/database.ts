import type { TestProject } from 'vitest/node'
import postgresForTheRun from '../history/postgres-server'

declare module 'vitest' {
  export interface ProvidedContext {
    /** the servers the end-to-end tests start keep their history in a fresh database of `databaseUrl` */
    serversShareDatabase: boolean
  }
}

/** Global setup of the end-to-end tests: one PostgreSQL server for the run, a database per server started
 * (test/e2e/harness.ts `startProcess`). */
export default async function setup(project: TestProject) {
  const teardown = await postgresForTheRun(project)
  project.provide('serversShareDatabase', true)
  return teardown
}
