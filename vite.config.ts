import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vitest/config'
import { compiledMessages } from './scripts/vite-messages.ts'
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

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    compiledMessages(fileURLToPath(new URL('.', import.meta.url))),
    stitchboardServer(),
  ],
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
    // polyfill was 0.24 KiB gzip of the shell's first load, which is within 0.2 KiB of its budget.
    // index.html preloads the shell's chunks; a lazily loaded page's chunks are not named ahead of it (the
    // browser asks for them as soon as the page's chunk arrives, one round trip later): the table of every
    // page's chunks that preloading them needs was 1.0 KiB gzip of every first load (1.5–2.1 KiB with the
    // calls that name them)
    // the factory clock's modules, which the shell and many pages share, in one chunk: left to the
    // automatic splitting they became three small chunks of the shell (0.3 KiB more of every first load)
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'factory-time', test: /src[\\/]lib[\\/](factory-time|clock|shift-window)\.ts$/ },
            // the small components every heavy page loads (the board, thread cones, thread breaks): one
            // chunk, not four, each chunk's imports and exports paid once (the board was at 130.0 KiB)
            {
              name: 'page-parts',
              test: /src[\\/]components[\\/](error-boundary|form-styles|kiosk|skeleton)\.tsx?$/,
            },
            // the settings forms' components (src/components/ui, the who-fields): one chunk, not a dozen of a
            // few hundred bytes each; the number field stays out, as the board loads it without the rest
            {
              name: 'form-parts',
              test: /src[\\/]components[\\/](ui[\\/](?!number-field)[\w-]+|who-fields)\.tsx?$/,
            },
            // the machines' and the reports' data that most pages ask for together: two chunks, not four, each
            // chunk's imports and exports paid once (without their own imports, which the shell holds)
            {
              name: 'machine-data',
              test: /src[\\/](api[\\/](records|machines|history-now|contract[\\/]machine)|lib[\\/]domain)\.ts$/,
              includeDependenciesRecursively: false,
            },
            {
              name: 'report-data',
              test: /src[\\/]api[\\/](summary-reports|locations|report-params|moved-on|contract[\\/](report-params|summary-rows|envelope))\.ts$/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
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
