import { existsSync, readFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { fileURLToPath } from 'node:url'
import { createApp, type HistoryState } from './app'
import { ConfigError, loadConfig } from './config'
import { demoWorkerTransport } from './demo/worker-transport'
import { workerJsonCheck } from './json-check'
import {
  buildVersion,
  createNodeServer,
  LISTENER_LIMITS,
  loadStaticFiles,
  shutDown,
  socketAddress,
  undiciTransport,
} from './node-server'
import type { PeopleStore } from './people/store'
import { sessionFile } from './session-file'
import { memorySettler } from './settle-memory'
import { startHistory } from './start-history'
import { upstreamsFor } from './upstreams'

/** Production entry (`npm start`): configuration, upstreams, the built SPA, and the listener. */
function main() {
  let config: ReturnType<typeof loadConfig>
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      const lines = error.message.split('\n')
      console.error(
        lines.length === 1
          ? `stitchboard: configuration error: ${lines[0]}`
          : ['stitchboard: configuration errors:', ...lines.map((line) => `  ${line}`)].join('\n'),
      )
      process.exit(1)
    }
    throw error
  }
  const root = fileURLToPath(new URL('..', import.meta.url))
  const dist = `${root}dist`
  if (!existsSync(`${dist}/index.html`)) {
    console.error('stitchboard: dist/index.html is missing; run `npm run build` (npm start does it for you)')
    process.exit(1)
  }
  const staticFiles = loadStaticFiles(dist, config.basePath, config.language)
  const { version: packageVersion } = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as {
    version: string
  }
  const upstreams = upstreamsFor(config, undiciTransport, {}, demoWorkerTransport)
  upstreams.warmUp?.()
  const sessions = config.dashboardToken ? sessionFile(config.dataDir) : undefined
  let history: HistoryState = { unavailable: 'the database is starting', starting: true }
  const historyStarted = startHistory(config, upstreams, (line) => console.info(line)).then(
    (started) => {
      history = started
      void firstAdminCode(started.people)
      return started
    },
    (error: Error) => {
      // one clear line, and the dashboard runs on without history (never a crash loop)
      console.error(`stitchboard: no machine history: ${error.message}`)
      history = { unavailable: error.message }
      return null
    },
  )
  const app = createApp({
    history: () => history,
    config,
    upstreams,
    staticFiles,
    version: buildVersion(packageVersion, staticFiles),
    clientKey: socketAddress,
    extraHosts: [hostname().toLowerCase()],
    jsonCheck: workerJsonCheck(),
    afterLargeAnswer: memorySettler().touched,
    ...(sessions ? { sessions } : {}),
  })
  const server = createNodeServer(app.fetch, LISTENER_LIMITS, config.trustProxy)
  server.on('error', (error: NodeJS.ErrnoException) => {
    console.error(
      `stitchboard: cannot listen on ${config.host}:${config.port}: ${error.code ?? error.message}`,
    )
    process.exit(1)
  })
  server.listen(config.port, config.host, () => {
    const mode = upstreams.api.demo
      ? 'demo data (no API_BASE_URL set)'
      : config.api.mode === 'vendor'
        ? new URL(config.api.baseUrl).host
        : ''
    console.info(
      `stitchboard on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}${config.basePath && `${config.basePath}/`}  ·  upstream: ${mode}`,
    )
    if (!upstreams.job) {
      console.info(
        'stitchboard: no thread-cone look-up: JOB_API_URL is not set (set it and WEB_API_LICENSE to the vendor’s web API address and licence)',
      )
    }
  })
  let stopping = false
  const stop = () => {
    if (stopping) return
    stopping = true
    void shutDown(server, config.shutdownSeconds)
      .then(async () => {
        sessions?.flush()
        const started = await historyStarted
        // each step whatever the one before did: the database is closed (an embedded one stopped) last
        await started?.watcher.stop().catch(() => {})
        await started?.alerts?.stop().catch(() => {})
        await started?.delivery?.delivery.stop().catch(() => {})
        await started?.stops?.stop().catch(() => {})
        await started?.db.close().catch(() => {})
      })
      .finally(() => process.exit(0))
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}

/** While no administrator exists, a one-time code for the first one, printed here only (valid 24 h). */
async function firstAdminCode(people: PeopleStore) {
  try {
    if (await people.hasAdmin()) return
    const code = await people.newFirstAdminCode(Date.now(), 24 * 3_600_000)
    console.info(
      `stitchboard: no administrator yet. Open /sign-in, choose "First administrator" and give the code ${code} (valid 24 h, once), or run: npm run user -- add --role admin --login <login> --name "<name>"`,
    )
  } catch (error) {
    console.error(`stitchboard: no code for the first administrator: ${(error as Error).message}`)
  }
}

main()
