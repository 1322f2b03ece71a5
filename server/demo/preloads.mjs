// The server's own `--import` preloads (the end-to-end tests' clock among them), run again in a worker
// thread: Node 20 does not carry them into a worker. tsx itself is left out (the source entry registers it).
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

/** @param {string[]} args the server process's execArgv */
export async function runPreloads(args) {
  for (let i = 0; i < args.length; i++) {
    const spec =
      args[i] === '--import' ? args[++i] : args[i]?.startsWith('--import=') ? args[i].slice(9) : null
    if (!spec || spec === 'tsx' || spec.startsWith('tsx/')) continue
    await import(spec.startsWith('.') || spec.startsWith('/') ? pathToFileURL(resolve(spec)).href : spec)
  }
}
