import { defineConfig, mergeConfig } from 'vitest/config'
import { WaitingFirst } from './test/sequencer.ts'
import viteConfig from './vite.config.ts'

/** The tests' configuration, on top of the build's (its plugins compile the messages for the dom tests);
 * kept apart so the build imports nothing from test/. */
export default mergeConfig(
  viteConfig,
  defineConfig({
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
            include: ['src/**/*.test.ts', 'test/contract/**/*.test.ts', 'server/**/*.test.ts'],
            // a .dom.test.ts asks the server app through MSW as the browser does (test/setup-dom.ts)
            exclude: ['src/**/*.dom.test.ts'],
            // pure logic and the server in-process: the files of a worker share its loaded modules instead
            // of loading them again for each file (the tier in 15 s instead of 37 s; it passes in any order
            // of its files, `--sequence.shuffle.files`). The other tiers keep a fresh module state per file:
            // their pages and harnesses keep state at module level.
            isolate: false,
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
  }),
)
