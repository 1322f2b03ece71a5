// `npm start`: builds the dashboard and the server when a build is missing or older than its sources, then
// runs the built server (plain JavaScript: no TypeScript at run time) with the runtime settings of
// ./server-runtime.mjs, as its child. The systemd unit runs it with
// - `--built`: the build as it is, never a build (the service may not write its folder);
// - `--command`: prints the server's command line instead, which the unit then execs (no Node parent).
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { runWithServerRuntime, serverCommandLine } from './server-runtime.mjs'

const SERVER = 'dist-server/main.mjs'
const options = new Set(process.argv.slice(2))
const unknown = [...options].filter((option) => option !== '--built' && option !== '--command')
if (unknown.length > 0) {
  console.error(`stitchboard: scripts/start.mjs takes --built and --command only (got ${unknown.join(' ')})`)
  process.exit(1)
}

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

if (!options.has('--built')) {
  if (builtAt('dist/index.html') < Math.max(...APP_SOURCES.map(newest)))
    run('the dashboard (vite build)', ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'])
  if (builtAt(SERVER) < Math.max(...SERVER_SOURCES.map(newest)))
    run('the server', ['scripts/build-server.mjs'])
}

if (options.has('--command')) console.info(serverCommandLine([SERVER]))
else runWithServerRuntime([SERVER])
