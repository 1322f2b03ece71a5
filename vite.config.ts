import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { compiledMessages } from './scripts/vite-messages.ts'

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
              test: /src[\\/]components[\\/](error-boundary|form-styles|kiosk[\\/]kiosk-context|skeleton)\.tsx?$/,
            },
            // the settings forms' components (src/components/ui, the who-fields): one chunk, not a dozen of a
            // few hundred bytes each; the number field stays out, as the board loads it without the rest
            {
              name: 'form-parts',
              test: /src[\\/]components[\\/](ui[\\/](?!number-field)[\w-]+|who-fields)\.tsx?$/,
              // without what they import (the who-fields ask who is signed in through React Query, which the
              // shell holds: pulled in here, it moved 8 KiB of the shell into this chunk)
              includeDependenciesRecursively: false,
            },
            // the machines' and the reports' data that most pages ask for together: two chunks, not four, each
            // chunk's imports and exports paid once (without their own imports, which the shell holds)
            {
              name: 'machine-data',
              test: /src[\\/](api[\\/](core[\\/]records|machines[\\/]machines|history[\\/]history-now)|lib[\\/]domain)\.ts$/,
              includeDependenciesRecursively: false,
            },
            {
              name: 'report-data',
              test: /src[\\/]api[\\/](vendor-reports[\\/](summary-reports|report-params)|machines[\\/]locations|core[\\/]moved-on|contract[\\/]report-params)\.ts$/,
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
})
