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
 * (src/lib/i18n/compile.ts: plain data, so no message parser reaches it) and in parts: a message's part is
 * its name's first segment (`app.…` for the shell, `machines.…` for the machines pages), and a page loads
 * the parts it shows with its code (src/app/page-messages.ts). `virtual:stitchboard-messages` maps each
 * language and part to its chunk; `locales/<language>.json?messages&part=<part>` is one such chunk. */
function compiledMessages(): Plugin {
  const virtual = 'virtual:stitchboard-messages'
  const locales = fileURLToPath(new URL('./src/lib/i18n/locales/', import.meta.url))
  return {
    name: 'stitchboard-messages',
    enforce: 'pre',
    resolveId: (id) => (id === virtual ? `\0${virtual}` : null),
    load(id) {
      if (id !== `\0${virtual}`) return null
      const languages = readdirSync(locales)
        .filter((name) => name.endsWith('.json'))
        .map((name) => name.slice(0, -'.json'.length))
      this.addWatchFile(join(locales, 'en.json'))
      const english = JSON.parse(readFileSync(join(locales, 'en.json'), 'utf8')) as Record<string, string>
      const parts = [...new Set(Object.keys(english).map((key) => key.split('.')[0]!))].sort()
      const loaders = languages.map(
        (language) =>
          `${JSON.stringify(language)}: {${parts
            .map(
              (part) =>
                `${JSON.stringify(part)}: () => import(${JSON.stringify(`${join(locales, `${language}.json`)}?messages&part=${part}`)})`,
            )
            .join(', ')}}`,
      )
      return `export const PARTS = ${JSON.stringify(parts)}\nexport const LOADERS = {${loaders.join(',\n')}}\n`
    },
    async transform(code, id) {
      const match = /\/src\/lib\/i18n\/locales\/[\w-]+\.json\?messages&part=([\w-]+)$/.exec(id)
      if (!match) return null
      const { compileCatalogue } = await import('./src/lib/i18n/compile.ts')
      const part = `${match[1]}.`
      const source = Object.fromEntries(
        Object.entries(JSON.parse(code) as Record<string, string>).filter(([key]) => key.startsWith(part)),
      )
      const compiled = JSON.stringify(compileCatalogue(source))
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
