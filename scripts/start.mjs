// `npm start`: builds the dashboard and the server when a build is missing or older than its sources, then
// runs the built server (plain JavaScript: no TypeScript at run time).
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const APP_SOURCES = ['src', 'public', 'index.html', 'vite.config.ts', 'tailwind.config.js', 'package.json']
const SERVER_SOURCES = ['server', 'src', 'package.json', 'scripts/build-server.mjs']

function newest(path) {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))))
}

const builtAt = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0)

function run(what, args) {
  console.info(`stitchboard: building ${what}…`)
  const result = spawnSync(process.execPath, args, { stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

if (builtAt('dist/index.html') < Math.max(...APP_SOURCES.map(newest)))
  run('the dashboard (vite build)', ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'])
if (builtAt('dist-server/main.mjs') < Math.max(...SERVER_SOURCES.map(newest)))
  run('the server', ['scripts/build-server.mjs'])

await import('../dist-server/main.mjs')
