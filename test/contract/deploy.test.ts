import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import {
  JEMALLOC_CONF,
  JEMALLOC_PATHS,
  SERVER_ENV,
  SERVER_NODE_FLAGS,
  serverCommandLine,
  serverEnv,
} from '../../scripts/server-runtime.mjs'
import { CONFIG_VARIABLES, loadConfig } from '../../server/config'

/** The service a factory runs (deploy/, docs/deployment.md, "As a systemd service"): a unit systemd
 * accepts, and an environment file that is a valid configuration. */
const UNIT = 'deploy/stitchboard.service'
const ENV_EXAMPLE = 'deploy/stitchboard.env.example'

/** `KEY=value` lines of an environment file; `# KEY=value` lines too when `commented` (the optional ones). */
function variables(text: string, { commented = false } = {}): Record<string, string> {
  const found: Record<string, string> = {}
  for (const line of text.split('\n')) {
    const match = (commented ? /^#?([A-Z][A-Z0-9_]*)=(.*)$/ : /^([A-Z][A-Z0-9_]*)=(.*)$/).exec(line.trim())
    if (match) found[match[1]!] = match[2]!
  }
  return found
}

/** The settings of one section of a unit file, as `key → values`. */
function section(text: string, name: string): Map<string, string[]> {
  const settings = new Map<string, string[]>()
  let inside = false
  for (const line of text.split('\n').map((l) => l.trim())) {
    if (line.startsWith('[')) inside = line === `[${name}]`
    else if (inside && line && !line.startsWith('#')) {
      const [key, ...rest] = line.split('=')
      settings.set(key!, [...(settings.get(key!) ?? []), rest.join('=')])
    }
  }
  return settings
}

describe('the systemd unit', () => {
  test('systemd-analyze verify accepts it without a word', () => {
    const run = spawnSync('systemd-analyze', ['verify', UNIT], { encoding: 'utf8' })
    if (run.error)
      throw new Error(
        `systemd-analyze cannot run (${run.error.message}): apt-get install systemd to check the unit`,
      )
    expect(`${run.stdout}${run.stderr}`.trim()).toBe('')
    expect(run.status).toBe(0)
  })

  test('runs the built server as a user of its own, restarts it, and keeps its data in a state folder', () => {
    const service = section(readFileSync(UNIT, 'utf8'), 'Service')
    expect(service.get('ExecStart')).toEqual([
      "/bin/sh -c 'set -e; line=$$(/usr/bin/node scripts/start.mjs --built --command); exec $$line'",
    ])
    expect(service.get('DynamicUser')).toEqual(['yes'])
    expect(service.get('User')?.[0]).not.toBe('root')
    expect(service.get('Restart')).toEqual(['always'])
    expect(service.get('StateDirectory')).toEqual(['stitchboard'])
    expect(service.get('Environment')).toContain('DATA_DIR=/var/lib/stitchboard')
    expect(service.get('EnvironmentFile')).toEqual(['/etc/stitchboard/stitchboard.env'])
    expect(service.get('NoNewPrivileges')).toEqual(['yes'])
  })

  test('takes the memory settings that bench:footprint measures from where npm start takes them', () => {
    const unit = readFileSync(UNIT, 'utf8')
    const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as {
      scripts: Record<string, string>
    }
    expect(scripts.start).toBe('node scripts/start.mjs')
    expect(scripts['bench:reports']).toMatch(/^node scripts\/server-runtime\.mjs /)
    // written in scripts/server-runtime.mjs alone
    for (const text of [unit.replace(/^#.*$/gm, ''), scripts.start, scripts['bench:reports']!])
      for (const name of [...Object.keys(SERVER_ENV), 'LD_PRELOAD', 'MALLOC_CONF', ...SERVER_NODE_FLAGS])
        expect(text).not.toContain(name)
  })

  test('the command line the unit execs is the server with those settings', () => {
    const settings = Object.entries(SERVER_ENV).map(([name, value]) => `${name}=${value}`)
    expect(serverCommandLine(['dist-server/main.mjs'], () => false)).toBe(
      ['env', ...settings, process.execPath, ...SERVER_NODE_FLAGS, 'dist-server/main.mjs'].join(' '),
    )
    expect(
      serverCommandLine(['dist-server/main.mjs'], (path) => path === JEMALLOC_PATHS[0]).split(' '),
    ).toEqual(expect.arrayContaining([`LD_PRELOAD=${JEMALLOC_PATHS[0]}`, `MALLOC_CONF=${JEMALLOC_CONF}`]))
    // what start.mjs prints for it, without building (the unit never builds)
    const printed = spawnSync(process.execPath, ['scripts/start.mjs', '--built', '--command'], {
      encoding: 'utf8',
    })
    expect(printed.stderr).toBe('')
    expect(printed.stdout).toBe(`${serverCommandLine(['dist-server/main.mjs'])}\n`)
    expect(() => serverCommandLine(['a file.mjs'])).toThrow('cannot be passed as a plain shell word')
  })

  test('preloads jemalloc where the system has it, and only then', () => {
    // npm test installs it where it may, looking where the servers look
    const ensure = readFileSync('scripts/ensure-chromium.mjs', 'utf8')
    expect(ensure).toContain("import { JEMALLOC_PATHS } from './server-runtime.mjs'")
    expect(serverEnv(() => false)).toEqual(SERVER_ENV)
    const onArm = serverEnv((path) => path.includes('aarch64'))
    expect(onArm.LD_PRELOAD).toBe('/usr/lib/aarch64-linux-gnu/libjemalloc.so.2')
    expect(onArm.MALLOC_CONF).toBe(JEMALLOC_CONF)
  })
})

describe('the environment file example', () => {
  const text = readFileSync(ENV_EXAMPLE, 'utf8')

  test('names only variables stitchboard reads', () => {
    const unknown = Object.keys(variables(text, { commented: true })).filter(
      (name) => !CONFIG_VARIABLES.includes(name),
    )
    expect(unknown).toEqual([])
  })

  test('is a valid configuration as it stands and with every optional line filled in', () => {
    const unit = { DATA_DIR: '/var/lib/stitchboard' }
    const asIs = loadConfig({ ...variables(text), ...unit })
    expect(asIs.api.mode).toBe('vendor')
    expect(asIs.host).toBe('127.0.0.1')
    const full = loadConfig({ ...variables(text, { commented: true }), ...unit })
    expect(full.job.mode).toBe('vendor')
    expect(full.smtp?.from).toBe('stitchboard@factory.example')
  })
})
