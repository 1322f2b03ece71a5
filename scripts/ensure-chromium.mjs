// Runs before `npm test`: the end-to-end tests need Debian's Chromium. Installs it when it is missing
// and this user may (root, or sudo without a password); otherwise says what to do.
import { execSync, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
if (existsSync(path)) process.exit(0)

const can = (command) => spawnSync('sh', ['-c', command], { stdio: 'ignore' }).status === 0
const root = process.getuid?.() === 0
const sudo = !root && can('sudo -n true')
if (!can('command -v apt-get') || !(root || sudo)) {
  console.error(`Chromium is needed for the end-to-end tests and is not at ${path}.`)
  console.error(
    'Install it with `sudo apt-get install -y chromium`, or set CHROMIUM_PATH to a Chromium binary.',
  )
  process.exit(1)
}
console.info('Installing Debian’s Chromium for the end-to-end tests (apt-get install chromium)…')
const prefix = sudo ? 'sudo -n ' : ''
execSync(
  `${prefix}apt-get update -qq && ${prefix}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium`,
  {
    stdio: 'inherit',
  },
)
if (!existsSync(path)) {
  console.error(`apt-get finished but ${path} is still missing; set CHROMIUM_PATH.`)
  process.exit(1)
}
