// `npm run typecheck`: TypeScript for each runtime, with its own configuration (tsconfig.app.json: the
// browser; tsconfig.server.json: the server; tsconfig.test.json: tests, benches and scripts). The three
// checks are independent and each runs on one core: they run side by side, and each one's findings are
// printed whole, after its name, once it ends. Fails when any of them fails.
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc')
const CONFIGS = ['tsconfig.test.json', 'tsconfig.app.json', 'tsconfig.server.json']

const check = (config) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', config], { stdio: ['ignore', 'pipe', 'pipe'] })
    const output = []
    child.stdout.on('data', (chunk) => output.push(chunk))
    child.stderr.on('data', (chunk) => output.push(chunk))
    child.on('error', (error) => resolve({ config, code: 1, text: String(error) }))
    child.on('close', (code) => resolve({ config, code, text: Buffer.concat(output).toString() }))
  })

const results = await Promise.all(CONFIGS.map(check))
for (const { config, code, text } of results) {
  if (code === 0) continue
  process.stderr.write(`tsc -p ${config} found problems:\n${text}\n`)
}
process.exitCode = results.some((r) => r.code !== 0) ? 1 : 0
