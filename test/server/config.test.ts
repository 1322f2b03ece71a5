import { spawnSync } from 'node:child_process'
import { describe, expect, test } from 'vitest'
import { ConfigError, loadConfig } from '../../server/config'

/** Every start-up misconfiguration stops the server with one line naming the variable. */
describe('configuration from the environment', () => {
  test('no variables: demo mode on 127.0.0.1:8080 with the demo keys and default shifts', () => {
    const config = loadConfig({})
    expect(config.api).toEqual({ mode: 'demo', apiKey: 'demo-key-a' })
    expect(config.job).toEqual({ mode: 'demo', licence: 'demo-licence-a' })
    expect([config.host, config.port, config.cacheTtlSeconds, config.upstreamTimeoutSeconds]).toEqual([
      '127.0.0.1',
      8080,
      5,
      15,
    ])
    expect(config.shifts.map((s) => s.name)).toEqual(['Early', 'Late', 'Night'])
    expect(config.dashboardToken).toBeNull()
  })

  test('vendor mode: trailing slashes dropped, /StitchJob appended', () => {
    const config = loadConfig({
      API_BASE_URL: 'https://api.example.com/v2/',
      API_KEY: 'k',
      JOB_API_URL: 'https://jobs.example.com/',
      WEB_API_LICENSE: 'l',
    })
    expect(config.api).toEqual({ mode: 'vendor', baseUrl: 'https://api.example.com/v2', apiKey: 'k' })
    expect(config.job).toEqual({ mode: 'vendor', url: 'https://jobs.example.com/StitchJob', licence: 'l' })
  })

  test('SHIFTS with a night shift crossing midnight', () => {
    expect(loadConfig({ SHIFTS: 'Day=07:00-19:00, Night = 19:00-07:00' }).shifts).toEqual([
      { name: 'Day', from: '07:00', to: '19:00' },
      { name: 'Night', from: '19:00', to: '07:00' },
    ])
  })

  test.each([
    [{ API_BASE_URL: 'https://api.example.com' }, 'API_KEY is required when API_BASE_URL is set'],
    [{ API_BASE_URL: 'not a url', API_KEY: 'k' }, 'API_BASE_URL must be an http(s) URL'],
    [{ API_BASE_URL: 'ftp://api.example.com', API_KEY: 'k' }, 'API_BASE_URL must be an http(s) URL'],
    [{ JOB_API_URL: 'https://jobs.example.com' }, 'WEB_API_LICENSE is required when JOB_API_URL is set'],
    [{ PORT: 'eighty' }, 'PORT must be a port number'],
    [{ PORT: '70000' }, 'PORT must be 1–65535'],
    [{ FACTORY_TIMEZONE: 'Mars/Olympus' }, 'FACTORY_TIMEZONE is not an IANA time zone'],
    [{ SHIFTS: 'Early 06:00-14:00' }, 'SHIFTS must look like Early=06:00-14:00'],
    [{ SHIFTS: 'Early=06:00-25:00' }, 'SHIFTS has a time that is not HH:MM'],
    [{ SHIFTS: 'A=06:00-14:00,A=14:00-22:00' }, 'SHIFTS names the shift "A" twice'],
    [{ SHIFTS: 'A=06:00-06:00' }, 'SHIFTS has a shift of no length'],
    [{ CACHE_TTL_SECONDS: '-1' }, 'CACHE_TTL_SECONDS must not be negative'],
    [{ CACHE_TTL_SECONDS: 'soon' }, 'CACHE_TTL_SECONDS must be a number of seconds'],
    [{ UPSTREAM_TIMEOUT_SECONDS: '0' }, 'UPSTREAM_TIMEOUT_SECONDS must be more than 0'],
    [{ DASHBOARD_TOKEN: 'short' }, 'DASHBOARD_TOKEN must be at least 16 characters'],
  ])('%o → "%s"', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError)
    expect(() => loadConfig(env)).toThrow(message)
  })

  test('a secret in a bad variable is not repeated in the message', () => {
    expect(() => loadConfig({ DASHBOARD_TOKEN: 'tiny-secret' })).toThrow(/^(?!.*tiny-secret)/)
  })

  test('the server exits with code 1 and one line on stderr', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { PATH: process.env.PATH, API_BASE_URL: 'https://api.example.com' },
      encoding: 'utf8',
      timeout: 30_000,
    })
    expect(result.status).toBe(1)
    expect(result.stderr.trim().split('\n')).toEqual([
      'stitchboard: configuration error: API_KEY is required when API_BASE_URL is set',
    ])
  }, 30_000)
})
