import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from './harness'

/** Debian's nginx (`nginx-light`), which `npm test` installs before it runs where it may
 * (scripts/ensure-chromium.mjs). */
export const NGINX_PATH = process.env.NGINX_PATH || '/usr/sbin/nginx'

/** docs/deployment.md's nginx configuration for the dashboard under a sub-path (section "Behind a reverse
 * proxy"): its `location` blocks as written there, so the configuration the tests run is the one
 * people copy. It names the stitchboard server 127.0.0.1:8080. */
export const readmeSubPathLocations = () => readmeLocations('https://intranet.example/stitchboard/')

/** docs/deployment.md's nginx configuration for the dashboard at the root of a host of its own. */
export const readmeRootLocations = () => readmeLocations('https://stitchboard.example/')

function readmeLocations(at: string): string {
  const readme = readFileSync('docs/deployment.md', 'utf8')
  const start = readme.indexOf(`\`\`\`nginx\n# the dashboard at ${at} `)
  const block = start < 0 ? null : readme.slice(start, readme.indexOf('```\n', start + 8))
  if (!block) throw new Error(`docs/deployment.md has no nginx block for the dashboard at ${at}`)
  const locations = block.match(/^ {4}location [^\n]*\{\n[\s\S]*?^ {4}\}$/gm)
  if (!locations || locations.length < 2)
    throw new Error(`docs/deployment.md’s nginx block for ${at} has fewer than two location blocks`)
  return locations.join('\n')
}

export interface Nginx {
  /** the address of each server block, by its name */
  urls: Record<string, string>
  stop: () => Promise<void>
}

/** Starts an nginx of its own (not the system's): a configuration generated into a temporary folder, with
 * its pid file, logs and temporary files there, a server block per entry of `sites` (its `location`
 * blocks) each on a free port of 127.0.0.1, in the foreground; resolves once every block answers `ready`.
 * Fails, never skips, when nginx is not installed. */
export async function startNginx(
  sites: Record<string, string>,
  ready: string | Record<string, string>,
): Promise<Nginx> {
  if (!existsSync(NGINX_PATH))
    throw new Error(
      `nginx is needed for this test and is not at ${NGINX_PATH}: install Debian’s nginx-light (sudo apt-get install -y nginx-light; npm test does it where it may) or set NGINX_PATH`,
    )
  const dir = mkdtempSync(join(tmpdir(), 'stitchboard-nginx-'))
  mkdirSync(join(dir, 'temp'))
  const ports = await Promise.all(Object.keys(sites).map(() => freePort()))
  const servers = Object.values(sites).map(
    (locations, i) => `  server {\n    listen 127.0.0.1:${ports[i]};\n${locations}\n  }`,
  )
  const temp = (name: string) => `${name}_temp_path ${join(dir, 'temp', name)};`
  writeFileSync(
    join(dir, 'nginx.conf'),
    // as root nginx would hand its workers to "nobody", who may not use this folder
    `${process.getuid?.() === 0 ? 'user root;\n' : ''}worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
events { worker_connections 256; }
http {
  access_log ${join(dir, 'access.log')};
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
${servers.join('\n')}
}
`,
  )
  const child: ChildProcess = spawn(
    NGINX_PATH,
    ['-c', join(dir, 'nginx.conf'), '-p', dir, '-e', join(dir, 'error.log'), '-g', 'daemon off;'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let output = ''
  child.stdout?.on('data', (d) => (output += d))
  child.stderr?.on('data', (d) => (output += d))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const log = () =>
    `${output}${existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : ''}`
  const urls = Object.fromEntries(Object.keys(sites).map((name, i) => [name, `http://127.0.0.1:${ports[i]}`]))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      await exited
    }
    rmSync(dir, { recursive: true, force: true })
  }
  const deadline = Date.now() + 30_000
  for (const [name, url] of Object.entries(urls)) {
    const path = typeof ready === 'string' ? ready : ready[name]
    for (;;) {
      if (child.exitCode !== null) {
        const why = log()
        await stop()
        throw new Error(`nginx exited with ${child.exitCode}:\n${why}`)
      }
      const answer = await fetch(`${url}${path}`).catch(() => null)
      if (answer?.ok) break
      if (Date.now() > deadline) {
        const why = log()
        await stop()
        throw new Error(`nginx at ${url} did not answer ${path} within 30 s:\n${why}`)
      }
      await new Promise((r) => setTimeout(r, 100))
    }
  }
  return { urls, stop }
}
