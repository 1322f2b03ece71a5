import { chromium } from 'playwright-core'
import type { TestProject } from 'vitest/node'
import { CHROMIUM_FLAGS, CHROMIUM_PATH, startProcess } from './harness'

/** What the e2e files share: the demo factory's server, the demo company of 200 machines, and one
 * Chromium they connect to. A test that needs a server configured otherwise starts its own. */
export interface SharedServers {
  demo: string
  company200: string
  chromium: string
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eShared: SharedServers
  }
}

/** Global set-up of the e2e project: started once for the run, stopped at its end. */
export default async function sharedServers(project: TestProject) {
  const [demo, company200, browser] = await Promise.all([
    startProcess('server/main.ts', {}),
    startProcess('server/main.ts', { API_KEY: 'demo-key-c' }),
    chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS }),
  ])
  project.provide('e2eShared', { demo: demo.url, company200: company200.url, chromium: browser.wsEndpoint() })
  return async () => {
    await browser.close()
    await Promise.all([demo.stop(), company200.stop()])
  }
}
