import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vitest/config'
import { WaitingFirst } from './test/sequencer.ts'

/** `npm run dev`: the stitchboard server app mounted into Vite's dev server, so the key-injecting
 * proxy in development is the production one (docs/architecture.md). */
function stitchboardServer(): Plugin {
  return {
    name: 'stitchboard-server',
    apply: (_config, env) => env.command === 'serve' && !process.env.VITEST,
    async configureServer(server) {
      // loaded through Vite's SSR pipeline, so the config itself stays free of server imports
      const { devMiddleware } = (await server.ssrLoadModule(
        '/server/dev-middleware.ts',
      )) as typeof import('./server/dev-middleware')
      server.middlewares.use(devMiddleware())
    },
  }
}

/** The catalogues (src/lib/i18n/locales/<language>.json, ICU MessageFormat) arrive in the browser compiled
 * (src/lib/i18n/compile.ts: plain data, so no message parser reaches it) and in pieces: the shell's messages
 * (`app`) and each lazily loaded piece's (src/app/page-messages.ts), those its code names
 * (scripts/message-pieces.ts). `virtual:stitchboard-messages` maps each language and piece to its chunk;
 * `locales/<language>.json?messages&piece=<piece>` is one such chunk. */
function compiledMessages(): Plugin {
  const pieceName = (piece: string) => piece.replace(/^.*\//, '').replace(/\.tsx?$/, '')
  const virtual = 'virtual:stitchboard-messages'
  const root = fileURLToPath(new URL('.', import.meta.url))
  const locales = join(root, 'src/lib/i18n/locales')
  let pieces: Map<string, string[]> | null = null
  const piecesNow = async () => {
    if (!pieces) {
      const { appSources, messagesByPiece } = await import('./scripts/message-pieces.ts')
      const english = JSON.parse(readFileSync(join(locales, 'en.json'), 'utf8')) as Record<string, string>
      pieces = messagesByPiece(appSources(root), new Set(Object.keys(english)))
    }
    return pieces
  }
  return {
    name: 'stitchboard-messages',
    enforce: 'pre',
    resolveId: (id) => (id === virtual ? `\0${virtual}` : null),
    // a change to the code may name other messages
    watchChange() {
      pieces = null
    },
    async load(id) {
      if (id !== `\0${virtual}`) return null
      const languages = readdirSync(locales)
        .filter((name) => name.endsWith('.json'))
        .map((name) => name.slice(0, -'.json'.length))
      const names = [...(await piecesNow()).keys()]
      // a piece's chunk is named by its file (`de-status-board-page-….js`); the names are unique
      const loaders = languages.map(
        (language) =>
          `${JSON.stringify(language)}: {${names
            .map(
              (piece) =>
                `${JSON.stringify(piece)}: () => import(${JSON.stringify(`${join(locales, `${language}.json`)}?messages&piece=${pieceName(piece)}`)})`,
            )
            .join(', ')}}`,
      )
      return `export const PIECES = ${JSON.stringify(names)}\nexport const LOADERS = {${loaders.join(',\n')}}\n`
    },
    async transform(code, id) {
      const match = /\/src\/lib\/i18n\/locales\/[\w-]+\.json\?messages&piece=([\w-]+)$/.exec(id)
      if (!match) return null
      const { compileCatalogue } = await import('./src/lib/i18n/compile.ts')
      const all = JSON.parse(code) as Record<string, string>
      const byName = new Map([...(await piecesNow())].map(([piece, shown]) => [pieceName(piece), shown]))
      const shown = byName.get(match[1]!)
      if (!shown) throw new Error(`no piece of the catalogue is named ${match[1]}`)
      for (const file of readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' }))
        if (/\.tsx?$/.test(file)) this.addWatchFile(join(root, 'src', file))
      const compiled = JSON.stringify(compileCatalogue(Object.fromEntries(shown.map((name) => [name, all[name]!]))))
      return { code: `export default JSON.parse(${JSON.stringify(compiled)})`, map: null, moduleType: 'js' }
    },
  }
}

export default defineConfig({
  plugins: [react(), tailwindcss(), compiledMessages(), stitchboardServer()],
  // the built page names its files relative to its <base href>, which the server writes with BASE_PATH
  // (issue 34: the dashboard under a proxy's sub-path, server/page-hints.ts); the dev server serves at /
  base: './',
  server: { port: 5173 },
  build: {
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
    manifest: true,
    // every browser of the es2022 target that lacks <link rel="modulepreload"> (Safari before 17, Firefox
    // before 115) still loads the shell's chunks through its imports, only without the head start; the
    // polyfill was 0.24 KiB gzip of the shell's first load, which is within 0.2 KiB of its budget
    modulePreload: { polyfill: false },
  },
  test: {
    // The tiers (README "Tests"): `unit` is pure logic and the server in-process, in Node (npm run
    // test:fast); `dom` renders components in jsdom against the server app behind MSW; `history` runs
    // against real PostgreSQL servers; `e2e` drives the built app in Chromium. `npm test` runs them all:
    // the end-to-end files one after another, and beside them the other tiers' files, one at a time (two
    // workers on a machine of two cores: the end-to-end files spend much of their time waiting for pages)
    maxWorkers: 2,
    sequence: { sequencer: WaitingFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'src/**/*.test.ts',
            'test/contract/**/*.test.ts',
            'test/server/**/*.test.ts',
            'server/**/*.test.ts',
          ],
          // a .dom.test.ts asks the server app through MSW as the browser does (test/setup-dom.ts)
          exclude: ['src/**/*.dom.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'history',
          environment: 'node',
          include: ['test/history/**/*.test.ts'],
          // a real PostgreSQL server for the run (test/history/postgres-server.ts), and the embedded one
          globalSetup: ['test/history/postgres-server.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['src/**/*.test.tsx', 'src/**/*.dom.test.ts'],
          setupFiles: ['test/setup-dom.ts'],
          // a test may wait for a page a few times (10 s each at most, test/setup-dom.ts)
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.test.ts'],
          // one PostgreSQL server for the run; each stitchboard server a test starts gets a database of it
          globalSetup: ['test/e2e/database.ts'],
          testTimeout: 60_000,
          // a page's data may take a while on a busy 2-core machine: one 15 s limit for every expect.poll
          expect: { poll: { timeout: 15_000 } },
          hookTimeout: 120_000,
        },
      },
    ],
  },
})
