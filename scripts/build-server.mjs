// `npm run build` (after the dashboard): the server as plain JavaScript in dist-server/, which `npm start`
// runs, so production loads no TypeScript at run time. Packages stay imports of node_modules; the two
// worker threads are entries of their own beside main.mjs (the server finds them by import.meta.url).
import { rmSync } from 'node:fs'
import { build } from 'esbuild'

rmSync('dist-server', { recursive: true, force: true })
await build({
  entryPoints: {
    main: 'server/main.ts',
    // `npm run backup` / `npm run restore`: the built server's own code, so a backup is of what it runs
    backup: 'server/backup-main.ts',
    // `npm run user`: people on the server's database
    user: 'server/user-main.ts',
    'json-worker': 'server/json-worker.mjs',
    // a report's PDF, made on a thread that ends with it (server/shift-reports/pdf.ts finds it beside the bundle)
    'pdf-worker': 'server/shift-reports/pdf-worker.mjs',
    'worker-entry': 'server/demo/worker-built.mjs',
  },
  outdir: 'dist-server',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  chunkNames: '[name]-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
})
