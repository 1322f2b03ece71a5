// `npm start`: builds the SPA when the build is missing or older than its sources, then serves it.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const SOURCES = ['src', 'public', 'index.html', 'vite.config.ts', 'tailwind.config.js', 'package.json']

function newest(path) {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))))
}

const built = existsSync('dist/index.html') ? statSync('dist/index.html').mtimeMs : 0
if (built < Math.max(...SOURCES.map(newest))) {
  console.info('stitchboard: building the dashboard (vite build)…')
  const result = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'],
    {
      stdio: 'inherit',
    },
  )
  if (result.status !== 0) process.exit(result.status ?? 1)
}

const { register } = await import('tsx/esm/api')
register()
await import('../server/main.ts')
