import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, rmSync } from 'node:fs'
import { type Browser, type BrowserContextOptions, chromium, type Download, type Page } from 'playwright-core'
import { afterAll, beforeAll, inject } from 'vitest'
import { SERVER_NODE_FLAGS, serverEnv } from '../../scripts/server-runtime.mjs'
import { freshDataFolder } from '../data-folder'
import { FIXED_NOW } from '../demo-client'
import { freePort } from '../free-port'
import { createDatabase } from '../history/postgres-server'

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium'

/** Flags for Debian's Chromium here: no sandbox as root, and no background traffic to a closed network. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

/** The tests' one clock: the demo's pinned instant, running on in real time from when this module loads.
 * Servers started here (`startProcess`) and pages of `launchChromium` both read it, so a page and the server
 * behind it agree on "now", and no result depends on the day or hour the tests run. */
let clockOffsetMs = FIXED_NOW - Date.now()
export const testNow = () => Date.now() + clockOffsetMs
/** This module's offset from the platform's clock to the tests' (the run's servers are started with it). */
export const clockOffset = () => clockOffsetMs

/** Chromium whose every page and context runs on the tests' clock (Playwright's clock, installed at the
 * pinned instant and running naturally); `{ realClock: true }` for the benches that measure real time. */
export async function launchChromium({ realClock = false }: { realClock?: boolean } = {}): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
  return realClock ? browser : onTestClock(browser)
}

/** Every context and page of this browser on the tests' clock. */
function onTestClock(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser)
  browser.newContext = async (options?: BrowserContextOptions) => {
    const context = await newContext(options)
    await context.clock.install({ time: testNow() })
    return context
  }
  browser.newPage = async (options?: BrowserContextOptions) => {
    const context = await browser.newContext(options)
    const page = await context.newPage()
    // as with browser.newPage, the page owns its context (already gone when the browser closed first)
    page.once('close', () => void context.close().catch(() => {}))
    return page
  }
  return browser
}

export { freePort }

/** The stitchboard server as production runs it (`npm run build` made it: plain JavaScript); any other
 * entry (an upstream of the tests) through tsx. */
function runnable(entry: string): string[] {
  if (entry !== 'server/main.ts') return ['--import', 'tsx', entry]
  if (!existsSync(BUILT_SERVER)) throw new Error(`${BUILT_SERVER} is missing: run npm run build first`)
  return [...SERVER_NODE_FLAGS, BUILT_SERVER]
}
const BUILT_SERVER = 'dist-server/main.mjs'

let databases = 0
/** The run's PostgreSQL server for the end-to-end tests (their project's global set-up, test/e2e/database.ts). */
function sharedDatabase(): string | undefined {
  return process.env.VITEST && inject('serversShareDatabase') ? inject('databaseUrl') : undefined
}

export interface Running {
  url: string
  pid?: number
  stop: () => Promise<void>
  /** what the process printed (its first 256 KiB); empty for a shared server */
  output?: () => string
}

/** The most of a process's output kept for a test to read. */
const MAX_OUTPUT_CHARS = 256 * 1024

/** Starts a TypeScript entry (the real server, or the demo upstream) and waits until `ready` answers. */
export async function startProcess(
  entry: string,
  env: Record<string, string>,
  ready = '/healthz',
  args: string[] = [],
  { realClock = false, embeddedDatabase = false }: { realClock?: boolean; embeddedDatabase?: boolean } = {},
): Promise<Running> {
  const port = env.PORT ? Number(env.PORT) : await freePort()
  // a stitchboard server of the end-to-end tests keeps its history in a fresh database of the run's
  // PostgreSQL (test/history/postgres-server.ts): the same SQL as the embedded one, without opening an
  // embedded database each time (an initdb: seconds); `embeddedDatabase` for the default
  const shared = entry === 'server/main.ts' && !env.DATABASE_URL && !embeddedDatabase && sharedDatabase()
  const database = shared
    ? { DATABASE_URL: await createDatabase(shared, `e2e_${process.pid}_${++databases}`) }
    : {}
  // what the server keeps (sessions, the history's database) goes to a folder of its own, never into the
  // work tree, and is removed when the server stops (unless the caller gave its own DATA_DIR)
  const ownDataDir = env.DATA_DIR ? null : freshDataFolder('stitchboard-e2e')
  const clock = realClock ? [] : ['--import', './test/e2e/pinned-clock.mjs']
  const child: ChildProcess = spawn(process.execPath, [...clock, ...runnable(entry), ...args], {
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      FACTORY_TIMEZONE: 'Europe/Berlin',
      ...(entry === 'server/main.ts' ? serverEnv() : {}),
      ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}),
      // the tests' own offset, so the server's now is the tests' now to the millisecond (an offset taken when
      // the process has loaded would leave its clock behind by the seconds a busy machine takes to start it)
      ...(realClock
        ? {}
        : { TEST_CLOCK_AT_MS: String(testNow()), TEST_CLOCK_OFFSET_MS: String(clockOffsetMs) }),
      ...database,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const keep = (d: Buffer) => {
    if (output.length < MAX_OUTPUT_CHARS) output += String(d).slice(0, MAX_OUTPUT_CHARS - output.length)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const url = `http://127.0.0.1:${port}`
  // generous: beside a second npm test an embedded database alone has taken a minute to open
  const deadline = Date.now() + 110_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${entry} exited with ${child.exitCode}:\n${output}`)
    try {
      const response = await fetch(`${url}${ready}`, { headers: { 'X-API-Key': 'demo-key-a' } })
      // a server is ready once its history has opened (or failed to): pages then load without a 503
      const health =
        ready === '/healthz' && response.ok ? ((await response.json()) as { history?: string }) : null
      if (response.status < 500 && health?.history !== 'starting') break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${entry} did not start within 110 s:\n${output}`)
    await new Promise((r) => setTimeout(r, 200))
  }
  return {
    url,
    output: () => output,
    ...(child.pid ? { pid: child.pid } : {}),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }).then(() => {
        if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true })
      }),
  }
}

/** Console errors and failed requests of a page, to assert a clean load. */
export function collectProblems(page: Page): string[] {
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  page.on('requestfailed', (request) => {
    // leaving a page cancels its requests on purpose (React Query aborts them): not a failure
    if (request.failure()?.errorText === 'net::ERR_ABORTED') return
    problems.push(`request failed: ${request.url()} (${request.failure()?.errorText})`)
  })
  return problems
}

/** The servers the end-to-end run starts once (test/e2e/database.ts) for the files that only read: the demo
 * factory of 44 machines, and the demo company of 200 (`demo-key-c`). */
export const SHARED_SERVERS = { factory: {}, large: { API_KEY: 'demo-key-c' } } as const
export type SharedServer = keyof typeof SHARED_SERVERS

/** One of the run's servers, for a file that changes nothing on it (no setting, reason or target): its
 * clock becomes the run's, so its pages and that server agree on now. */
export function sharedServer(name: SharedServer): Running {
  clockOffsetMs = inject('clockOffsetMs')
  return { url: inject('sharedServers')[name], stop: async () => {} }
}

/** The built app served by the real server entry on demo data, and a Chromium to look at it with,
 * for the tests of one file; `{ shared }`: one of the run's servers that only the file's reads reach. */
export function appInChromium(
  env: Record<string, string> = {},
  { embeddedDatabase = false, shared }: { embeddedDatabase?: boolean; shared?: SharedServer } = {},
) {
  const app = {} as { server: Running; browser: Browser }
  if (shared) {
    app.server = sharedServer(shared)
    beforeAll(async () => {
      app.browser = await launchChromium()
    })
    afterAll(() => app.browser?.close())
    return app
  }
  beforeAll(async () => {
    ;[app.server, app.browser] = await Promise.all([
      startProcess('server/main.ts', env, '/healthz', [], { embeddedDatabase }),
      launchChromium(),
    ])
  })
  afterAll(async () => {
    await app.browser?.close()
    await app.server?.stop()
  })
  return app
}

/** Pauses a page's clock a moment after the page's own now. Playwright refuses a moment already past,
 * which a busy machine can make of any fixed margin between asking the time and pausing: then it asks
 * the page's now again. */
export async function pauseClock(page: Page, aheadMs = 250): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const now = await page.evaluate(() => Date.now())
    try {
      await page.clock.pauseAt(now + aheadMs)
      return
    } catch (error) {
      if (attempt >= 5 || !/past/.test(String(error))) throw error
    }
  }
}

/** The bytes of a download, also from a browser this process is connected to (where `path()` is not). */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}
