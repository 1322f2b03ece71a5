import { spawnSync } from 'node:child_process'
import { describe, expect, test } from 'vitest'
import { configError } from '../test/config-error'
import { ConfigError, callerFolder, loadConfig, loadDemoUpstreamConfig } from './config'
import { demoCompanies } from './demo/factory'

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

  test('vendor mode without JOB_API_URL: no thread-cone look-up, never the demo’s (issue 34)', () => {
    expect(loadConfig({ API_BASE_URL: 'https://api.example.com/v2', API_KEY: 'k' }).job).toEqual({
      mode: 'none',
    })
    expect(
      configError({
        API_BASE_URL: 'https://api.example.com/v2',
        API_KEY: 'k',
        WEB_API_LICENSE: 'real-licence',
      }),
    ).toBe(
      'WEB_API_LICENSE is set but JOB_API_URL is not: set JOB_API_URL to the vendor’s web API address, or leave WEB_API_LICENSE unset (then there is no thread-cone look-up)',
    )
  })

  test('TIME_FORMAT: 24h unless the factory says 12h', () => {
    expect(loadConfig({}).timeFormat).toBe('24h')
    expect(loadConfig({ TIME_FORMAT: '12h' }).timeFormat).toBe('12h')
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
    [{ PORT: 'eighty' }, 'PORT must be a decimal port number'],
    [{ PORT: '70000' }, 'PORT must be 1–65535'],
    [{ FACTORY_TIMEZONE: 'Mars/Olympus' }, 'FACTORY_TIMEZONE is not an IANA time zone'],
    [{ TIME_FORMAT: 'am/pm' }, 'TIME_FORMAT must be 24h (14:35) or 12h (2:35 PM)'],
    [{ LANGUAGE: 'fr' }, 'LANGUAGE must be one of en, de, es'],
    [{ SHIFTS: 'Early 06:00-14:00' }, 'SHIFTS must look like Early=06:00-14:00'],
    [{ SHIFTS: 'Early=06:00-25:00' }, 'SHIFTS has a time that is not HH:MM'],
    [{ SHIFTS: 'A=06:00-14:00,A=14:00-22:00' }, 'SHIFTS names the shift "A" twice'],
    [{ SHIFTS: 'A=06:00-06:00' }, 'SHIFTS has a shift of no length'],
    [{ CACHE_TTL_SECONDS: '-1' }, 'CACHE_TTL_SECONDS must be a number of seconds'],
    [{ CACHE_TTL_SECONDS: 'soon' }, 'CACHE_TTL_SECONDS must be a number of seconds'],
    [{ UPSTREAM_TIMEOUT_SECONDS: '0' }, 'UPSTREAM_TIMEOUT_SECONDS must be at least 1 s'],
    [{ UPSTREAM_TIMEOUT_SECONDS: '0.0001' }, 'UPSTREAM_TIMEOUT_SECONDS must be at least 1 s'],
    [{ UPSTREAM_TIMEOUT_SECONDS: '1e3' }, 'UPSTREAM_TIMEOUT_SECONDS must be a number of seconds'],
    [{ DASHBOARD_TOKEN: 'short' }, 'DASHBOARD_TOKEN must be at least 16 characters'],
    // issue 19: the alerts' admin secret and mail server
    [{ ADMIN_TOKEN: 'short' }, 'ADMIN_TOKEN must be at least 16 characters'],
    // issue 52: the ERP's key for adding orders
    [{ ORDERS_API_KEY: 'short-key' }, 'ORDERS_API_KEY must be at least 24 characters'],
    [{ ORDERS_API_KEY: 'a key with spaces in it, long enough' }, 'ORDERS_API_KEY must be printable ASCII'],
    [
      { ORDERS_API_KEY: 'the-same-secret-for-both-0123', ADMIN_TOKEN: 'the-same-secret-for-both-0123' },
      'ORDERS_API_KEY is the same as ADMIN_TOKEN',
    ],
    [{ ORDERS_COUNT_DELAY_SECONDS: '901' }, 'ORDERS_COUNT_DELAY_SECONDS must be 0–900 s (got "901")'],
    [
      { ORDERS_COUNT_DELAY_SECONDS: 'two minutes' },
      'ORDERS_COUNT_DELAY_SECONDS must be a whole number of seconds',
    ],
    [{ SMTP_URL: 'https://mail.example' }, 'SMTP_URL must be a mail server URL'],
    [{ SMTP_URL: 'smtps://mail.example:465' }, 'ALERT_MAIL_FROM is required when SMTP_URL is set'],
    [
      { SMTP_URL: 'smtps://mail.example:465', ALERT_MAIL_FROM: 'not an address' },
      'ALERT_MAIL_FROM must be an e-mail address',
    ],
    // issue 21: addresses that would be mangled, ports that are not decimal, keys without an upstream
    [
      { API_BASE_URL: 'https://api.example.com/v1#frag', API_KEY: 'k' },
      'API_BASE_URL must not contain a fragment',
    ],
    [
      { API_BASE_URL: 'https://api.example.com/v1?x=1', API_KEY: 'k' },
      'API_BASE_URL must not contain a query',
    ],
    [
      { API_BASE_URL: 'https://user:pass@api.example.com', API_KEY: 'k' },
      'API_BASE_URL must not contain a user name or password',
    ],
    [
      { JOB_API_URL: 'https://jobs.example.com/?a=b', WEB_API_LICENSE: 'l' },
      'JOB_API_URL must not contain a query',
    ],
    [{ PORT: '0x205C' }, 'PORT must be a decimal port number'],
    [{ PORT: '8080.5' }, 'PORT must be a decimal port number'],
    [{ PORT: '0' }, 'PORT must be 1–65535'],
    [{ API_KEY: 'real-vendor-key' }, 'API_KEY is set but API_BASE_URL is not'],
    [{ WEB_API_LICENSE: 'real-licence' }, 'WEB_API_LICENSE is set but JOB_API_URL is not'],
    [{ SHIFTS: 'Early=06:00-14:00,Late=13:00-22:00' }, 'SHIFTS has overlapping shifts "Early" and "Late"'],
    [{ SHIFTS: 'Day=06:00-18:00,Night=17:00-07:00' }, 'SHIFTS has overlapping shifts "Day" and "Night"'],
    [{ MAX_RANGE_DAYS: '0' }, 'MAX_RANGE_DAYS must be 1–3660 days'],
    [{ SESSION_HOURS: 'forever' }, 'SESSION_HOURS must be a whole number of hours'],
    [{ SHUTDOWN_SECONDS: '9999' }, 'SHUTDOWN_SECONDS must be at most 300 s'],
    [{ TRUST_PROXY: 'my-proxy' }, 'TRUST_PROXY must be the IP addresses of your reverse proxies'],
    [{ ALLOWED_HOSTS: 'evil.example/x' }, 'ALLOWED_HOSTS must be host names separated by commas'],
    // issue 17: the status dictionary and location names, each bad entry named
    [
      { STATUS_CODES: '1=running,2=halted' },
      'STATUS_CODES entry "2=halted" has the state "halted"; the states are running, stopped, threadbreak, idle, setup, error',
    ],
    [
      { STATUS_CODES: '1=running,stopped' },
      'STATUS_CODES entry "stopped" is not code=state or code=state:label',
    ],
    [{ STATUS_CODES: '1=running,1=stopped' }, 'STATUS_CODES entry "1=stopped" maps code 1 a second time'],
    [{ STATUS_CODES: '1=running,,2=stopped' }, 'STATUS_CODES has an empty entry'],
    [{ STATUS_CODES: '2=stopped:' }, 'STATUS_CODES entry "2=stopped:" has an empty label after the colon'],
    [{ STATUS_CODES: 'x=running' }, 'STATUS_CODES entry "x=running" is not code=state'],
    [{ LOCATIONS: '1=Hall North,Hall South' }, 'LOCATIONS entry "Hall South" is not id=name'],
    [{ LOCATIONS: '1=Hall North,1=Annex' }, 'LOCATIONS entry "1=Annex" names location 1 a second time'],
    [{ LOCATIONS: '3=' }, 'LOCATIONS entry "3=" has no name'],
    // issue "Who": the identity provider, all of it or none, over HTTPS
    [{ OIDC_ISSUER: 'https://login.example' }, 'OIDC_CLIENT_ID is required when OIDC_ISSUER is set'],
    [
      { OIDC_ISSUER: 'https://login.example', OIDC_CLIENT_ID: 'sb', OIDC_CLIENT_SECRET: 's' },
      'PUBLIC_URL is required when OIDC_ISSUER is set',
    ],
    [{ OIDC_ISSUER: 'http://login.example' }, 'OIDC_ISSUER must be an https URL'],
    [{ OIDC_CLIENT_ID: 'sb' }, 'OIDC_CLIENT_ID is set but OIDC_ISSUER is not'],
    [
      { OIDC_ISSUER: 'https://login.example', OIDC_ROLES: 'line-leads=chief' },
      'OIDC_ROLES must be pairs such as stitchboard-admins=admin,line-leads=supervisor',
    ],
    [{ SESSION_IDLE_MINUTES: '1' }, 'SESSION_IDLE_MINUTES must be 5–10080 min'],
  ])('%o → "%s"', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError)
    expect(() => loadConfig(env)).toThrow(message)
  })

  test('the identity provider: its callback under PUBLIC_URL and BASE_PATH, its roles by claim value', () => {
    const { oidc } = loadConfig({
      OIDC_ISSUER: 'http://127.0.0.1:9000',
      OIDC_CLIENT_ID: 'stitchboard',
      OIDC_CLIENT_SECRET: 'client-secret',
      OIDC_ROLE_CLAIM: 'groups',
      OIDC_ROLES: 'line-leads=supervisor, it-admins=admin',
      PUBLIC_URL: 'https://intranet.example',
      BASE_PATH: '/stitchboard',
    })
    expect(oidc).toMatchObject({
      redirectUri: 'https://intranet.example/stitchboard/api/auth/oidc/callback',
      roleClaim: 'groups',
    })
    expect([...oidc!.roles]).toEqual([
      ['line-leads', 'supervisor'],
      ['it-admins', 'admin'],
    ])
    expect(loadConfig({}).oidc).toBeNull()
  })

  test('a secret in a bad variable is not repeated in the message', () => {
    expect(() => loadConfig({ DASHBOARD_TOKEN: 'tiny-secret' })).toThrow(/^(?!.*tiny-secret)/)
  })

  test('the mail server’s password and the admin token are never printed', () => {
    const message = configError({
      SMTP_URL: 'smtp://alerts:mail-pass-77@mail.example',
      ADMIN_TOKEN: 'tiny-admin',
    })
    expect(message).not.toContain('mail-pass-77')
    expect(message).not.toContain('tiny-admin')
    expect(
      loadConfig({ SMTP_URL: 'smtps://a:b@mail.example:465', ALERT_MAIL_FROM: 'sb@factory.example' }).smtp,
    ).toEqual({ url: 'smtps://a:b@mail.example:465', from: 'sb@factory.example' })
  })

  test('URL credentials are never printed, even when the URL is refused for another reason', () => {
    const message = configError({ API_BASE_URL: 'ftp://admin:hunter2@api.example.com', API_KEY: 'k' })
    expect(message).toContain('API_BASE_URL must be an http(s) URL')
    expect(message).not.toContain('hunter2')
    expect(message).not.toContain('admin')
  })

  test('every bad variable at once, one line each, secrets left out', () => {
    const message = configError({
      PORT: '0x205C',
      API_BASE_URL: 'https://api.example.com/v1#x',
      API_KEY: 'secret-key-value',
      DASHBOARD_TOKEN: 'short-secret',
      SHIFTS: 'A=06:00-14:00,B=12:00-20:00',
      UPSTREAM_TIMEOUT_SECONDS: '0.0001',
      STATUS_CODES: '1=sewing',
      LOCATIONS: 'North',
    })
    expect(message.split('\n')).toEqual([
      expect.stringMatching(/^API_BASE_URL must not contain a fragment/),
      expect.stringMatching(/^PORT must be a decimal port number/),
      expect.stringMatching(/^DASHBOARD_TOKEN must be at least 16 characters/),
      expect.stringMatching(/^UPSTREAM_TIMEOUT_SECONDS must be at least 1 s/),
      'SHIFTS has overlapping shifts "A" and "B"',
      expect.stringMatching(/^STATUS_CODES entry "1=sewing" has the state "sewing"/),
      expect.stringMatching(/^LOCATIONS entry "North" is not id=name/),
    ])
    expect(message).not.toMatch(/secret-key-value|short-secret/)
  })

  test('STATUS_CODES replaces the demo table; without it the demo table is the dictionary', () => {
    expect(loadConfig({ STATUS_CODES: '1=running,2=stopped:Stop switch,9=threadbreak' }).statusCodes).toEqual(
      {
        source: 'environment',
        entries: [
          { code: 1, state: 'running', label: null },
          { code: 2, state: 'stopped', label: 'Stop switch' },
          { code: 9, state: 'threadbreak', label: null },
        ],
      },
    )
    const fallback = loadConfig({}).statusCodes
    expect(fallback.source).toBe('default')
    expect(fallback.entries.map((e) => e.code)).toEqual([1, 2, 9, 30, 40, 99, 1012])
  })

  test('the key and licence of every demo company (docs/configuration.md) work without an upstream address', () => {
    for (const company of demoCompanies(1)) {
      expect(loadConfig({ API_KEY: company.apiKey, WEB_API_LICENSE: company.licence })).toMatchObject({
        api: { mode: 'demo', apiKey: company.apiKey },
        job: { mode: 'demo', licence: company.licence },
      })
    }
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
    const several = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { PATH: process.env.PATH, PORT: 'http', SHIFTS: 'A=06:00-14:00,B=12:00-20:00' },
      encoding: 'utf8',
      timeout: 30_000,
    })
    expect(several.status).toBe(1)
    expect(several.stderr.trim().split('\n')).toEqual([
      'stitchboard: configuration errors:',
      '  PORT must be a decimal port number such as 8080 (got "http")',
      '  SHIFTS has overlapping shifts "A" and "B"',
    ])
  }, 30_000)
})

describe('the commands beside the server read their settings there too', () => {
  test('the demo upstream listens on 127.0.0.1:8090 unless HOST and PORT say otherwise', () => {
    expect(loadDemoUpstreamConfig({})).toEqual({ host: '127.0.0.1', port: 8090, timeZone: null })
    expect(
      loadDemoUpstreamConfig({
        HOST: '0.0.0.0',
        PORT: '9000',
        FACTORY_TIMEZONE: 'Europe/Berlin',
        API_KEY: 'x',
      }),
    ).toEqual({ host: '0.0.0.0', port: 9000, timeZone: 'Europe/Berlin' })
  })

  test('the demo upstream names every bad setting at once', () => {
    expect(() => loadDemoUpstreamConfig({ PORT: 'http', FACTORY_TIMEZONE: 'Mars/Olympus' })).toThrow(
      new ConfigError(
        [
          'PORT must be a decimal port number such as 8080 (got "http")',
          'FACTORY_TIMEZONE is not an IANA time zone such as Europe/Berlin (got "Mars/Olympus")',
        ].join('\n'),
      ),
    )
  })

  test('a backup’s file name is the caller’s: npm’s INIT_CWD, else the process’s folder', () => {
    expect(callerFolder({ INIT_CWD: '/home/operator' })).toBe('/home/operator')
    expect(callerFolder({})).toBe(process.cwd())
    expect(callerFolder({ INIT_CWD: '' })).toBe(process.cwd())
  })
})
