// Runs before `npm test`: the end-to-end tests need Debian's Chromium, the sub-path test
// (test/e2e/sub-path.test.ts) Debian's nginx-light, and the history and held-out tests Debian's PostgreSQL
// (a DATABASE_URL as a factory's IT would give one; test/history/postgres-server.ts), the shift reports' test
// poppler-utils' pdftotext (the text of a report's PDF). Installs what is missing when this user may (root,
// or sudo without a password); otherwise says what to do. jemalloc, which the servers run on where the system
// has it (scripts/server-runtime.mjs), is installed with them when it may be, and is not needed.
import { execSync, spawnSync } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { JEMALLOC_PATHS } from './server-runtime.mjs'

/** the postgres binary of the newest Debian PostgreSQL installed, or where it would be */
const debianPostgres = () => {
  if (process.env.DEBIAN_POSTGRES_BIN) return `${process.env.DEBIAN_POSTGRES_BIN}/postgres`
  const majors = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql') : []
  const found = majors.map((v) => `/usr/lib/postgresql/${v}/bin/postgres`).find((path) => existsSync(path))
  return found ?? '/usr/lib/postgresql/<version>/bin/postgres'
}

const needed = [
  {
    name: 'Chromium',
    package: 'chromium',
    path: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    env: 'CHROMIUM_PATH',
  },
  {
    name: 'nginx',
    package: 'nginx-light',
    path: process.env.NGINX_PATH || '/usr/sbin/nginx',
    env: 'NGINX_PATH',
  },
  {
    name: 'Debian’s PostgreSQL',
    package: 'postgresql',
    path: debianPostgres(),
    env: 'DEBIAN_POSTGRES_BIN',
  },
  {
    name: 'pdftotext (poppler-utils)',
    package: 'poppler-utils',
    path: process.env.PDFTOTEXT_PATH || '/usr/bin/pdftotext',
    env: 'PDFTOTEXT_PATH',
  },
  {
    name: 'jemalloc',
    package: 'libjemalloc2',
    // where the servers look for it
    path: JEMALLOC_PATHS.find((path) => existsSync(path)) ?? JEMALLOC_PATHS[0],
    optional: true,
  },
]
const absent = needed.filter((tool) => !existsSync(tool.path))
const missing = absent.filter((tool) => !tool.optional)
if (absent.length === 0) process.exit(0)

const can = (command) => spawnSync('sh', ['-c', command], { stdio: 'ignore' }).status === 0
const root = process.getuid?.() === 0
const sudo = !root && can('sudo -n true')
if (!can('command -v apt-get') || !(root || sudo)) {
  if (missing.length === 0) process.exit(0)
  const packages = missing.map((tool) => tool.package).join(' ')
  for (const tool of missing)
    console.error(`${tool.name} is needed for the end-to-end tests and is not at ${tool.path}.`)
  console.error(
    `Install it with \`sudo apt-get install -y ${packages}\`, or set ${missing.map((tool) => tool.env).join(' / ')} to the binary.`,
  )
  process.exit(1)
}
const packages = absent.map((tool) => tool.package).join(' ')
console.info(`Installing Debian’s ${packages} for the end-to-end tests (apt-get install ${packages})…`)
const prefix = sudo ? 'sudo -n ' : ''
execSync(
  `${prefix}apt-get update -qq && ${prefix}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages}`,
  {
    stdio: 'inherit',
  },
)
for (const tool of missing) {
  if (!existsSync(tool.package === 'postgresql' ? debianPostgres() : tool.path)) {
    console.error(`apt-get finished but ${tool.path} is still missing; set ${tool.env}.`)
    process.exit(1)
  }
}
