// One piece: every variable stitchboard reads, checked together so that all mistakes are said at once.
import * as z from 'zod'
import { clockMinutes } from '../src/lib/clock'
import { isValidTimeZone } from '../src/lib/factory-time'
import { isLanguage, LANGUAGES, type Language } from '../src/lib/i18n/translator'
import { parseLocations } from '../src/lib/location-names'
import { DEMO_STATUS_ENTRIES, parseStatusCodes, type StatusEntry } from '../src/lib/status-codes'
import { checkOidc, LOOPBACK, type OidcConfig, oidcOf } from './config-oidc'
import { DEFAULT_SHIFTS_TEXT, type NamedShift, parseShifts } from './shifts'

/** The demo keys injected when no vendor credentials are configured (docs/configuration.md, "The demo
 * companies"); the other demo company's key and licence pick that company. */
export const DEMO_API_KEY = 'demo-key-a'
export const DEMO_LICENCE = 'demo-licence-a'
const DEMO_API_KEYS = [DEMO_API_KEY, 'demo-key-b', 'demo-key-c']
const DEMO_LICENCES = [DEMO_LICENCE, 'demo-licence-b', 'demo-licence-c']

/** Variables whose values are never printed. */
const SECRETS = new Set([
  'API_KEY',
  'WEB_API_LICENSE',
  'DASHBOARD_TOKEN',
  'ADMIN_TOKEN',
  'ORDERS_API_KEY',
  'OIDC_CLIENT_SECRET',
])
const URLS = new Set(['API_BASE_URL', 'JOB_API_URL', 'DATABASE_URL', 'SMTP_URL', 'PUBLIC_URL', 'OIDC_ISSUER'])

const text = z.string().trim()
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional())

/** An http(s) address without credentials, query or fragment: an upstream's (the key goes in a header;
 * paths and parameters are appended to it) or the dashboard's own (PUBLIC_URL). */
const httpUrl = (example: string, credentials: string) =>
  text.superRefine((value, ctx) => {
    let url: URL
    try {
      url = new URL(value)
    } catch {
      ctx.addIssue({ code: 'custom', message: `must be an http(s) URL such as ${example}` })
      return
    }
    const problem = !['http:', 'https:'].includes(url.protocol)
      ? `must be an http(s) URL such as ${example}`
      : url.username || url.password
        ? `must not contain a user name or password${credentials}`
        : url.search || value.includes('?')
          ? 'must not contain a query (?…); paths and parameters are appended to it'
          : url.hash || value.includes('#')
            ? 'must not contain a fragment (#…)'
            : null
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })
const upstreamUrl = httpUrl('https://api.example.com/v1', ' (the key is sent in a header)')

/** BASE_PATH (issue 34): the path a reverse proxy serves the dashboard under, such as /stitchboard. Its
 * segments are letters, digits and . _ ~ - (nothing a URL, an HTML attribute or a cookie would need
 * escaped; no . or .. segment); one trailing slash is accepted and dropped; "/" is the root. */
const BASE_PATH = /^(\/[A-Za-z0-9_~-][A-Za-z0-9._~-]{0,99})+$/
const basePath = text
  .superRefine((value, ctx) => {
    const path = value.replace(/(.)\/$/, '$1')
    const problem = !value.startsWith('/')
      ? 'must start with / (such as /stitchboard)'
      : path !== '/' && (path.length > 200 || !BASE_PATH.test(path))
        ? 'must be a path such as /stitchboard: segments of letters, digits, ., _, ~ and -, no empty, . or .. segment, at most one trailing /'
        : null
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })
  .transform((value) => (value === '/' ? '' : value.replace(/\/$/, '')))

const number = (what: string, min: number, max: number, unit: string) =>
  text
    .regex(/^\d+(\.\d+)?$/, `must be a number of ${what}`)
    .transform(Number)
    .refine((v) => v >= min, `must be at least ${min} ${unit}`)
    .refine((v) => v <= max, `must be at most ${max} ${unit}`)
const whole = (what: string, min: number, max: number, unit: string) =>
  text
    .regex(/^\d+$/, `must be a whole number of ${what}`)
    .transform(Number)
    .refine((v) => v >= min && v <= max, `must be ${min}–${max} ${unit}`)

const HOST_NAME = /^(\[[0-9a-f:.]+\]|[a-z0-9]([a-z0-9.-]{0,251}[a-z0-9])?)$/
const IP = /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-f:]*:[0-9a-f:.]*)$/
/** A comma-separated list, each item trimmed, lower case and matching `item`. */
const list = (item: RegExp, message: string) =>
  text
    .transform((v) => v.split(',').map((entry) => entry.trim().toLowerCase()))
    .refine((entries) => entries.every((entry) => item.test(entry)), message)

const environment = z
  .object({
    API_BASE_URL: optional(upstreamUrl),
    API_KEY: optional(text.min(1)),
    JOB_API_URL: optional(upstreamUrl),
    WEB_API_LICENSE: optional(text.min(1)),
    HOST: optional(text.min(1)),
    PORT: optional(
      text
        .regex(/^\d{1,5}$/, 'must be a decimal port number such as 8080')
        .transform(Number)
        .refine((v) => v >= 1 && v <= 65535, 'must be 1–65535'),
    ),
    DASHBOARD_TOKEN: optional(text.min(16, 'must be at least 16 characters (it guards the whole dashboard)')),
    FACTORY_TIMEZONE: optional(
      text.refine(isValidTimeZone, 'is not an IANA time zone such as Europe/Berlin'),
    ),
    SHIFTS: optional(text),
    TIME_FORMAT: optional(
      text.refine((v) => v === '24h' || v === '12h', 'must be 24h (14:35) or 12h (2:35 PM)'),
    ),
    LANGUAGE: optional(text.refine(isLanguage, `must be one of ${LANGUAGES.join(', ')}`)),
    CACHE_TTL_SECONDS: optional(number('seconds', 0, 3600, 's')),
    UPSTREAM_TIMEOUT_SECONDS: optional(number('seconds', 1, 300, 's')),
    ALLOWED_HOSTS: optional(
      list(HOST_NAME, 'must be host names separated by commas, such as dashboard.factory.example,wall-01'),
    ),
    MAX_RANGE_DAYS: optional(whole('days', 1, 3660, 'days')),
    TRUST_PROXY: optional(list(IP, 'must be the IP addresses of your reverse proxies, such as 127.0.0.1')),
    SESSION_HOURS: optional(whole('hours', 1, 8760, 'hours')),
    SESSION_IDLE_MINUTES: optional(whole('minutes', 5, 10080, 'min')),
    SHUTDOWN_SECONDS: optional(number('seconds', 0, 300, 's')),
    DATA_DIR: optional(text.min(1)),
    STATUS_CODES: optional(text),
    LOCATIONS: optional(text),
    POLL_SECONDS: optional(whole('seconds', 1, 600, 's')),
    LEASE_SECONDS: optional(whole('seconds', 3, 300, 's')),
    HISTORY_DAYS: optional(whole('days', 1, 3660, 'days')),
    REPORT_GRACE_MINUTES: optional(whole('minutes', 0, 240, 'min')),
    ORDERS_COUNT_DELAY_SECONDS: optional(whole('seconds', 0, 900, 's')),
    DATABASE_URL: optional(
      text.refine((value) => {
        try {
          return ['postgres:', 'postgresql:'].includes(new URL(value).protocol)
        } catch {
          return false
        }
      }, 'must be a PostgreSQL URL such as postgres://user:password@db.example:5432/stitchboard'),
    ),
    ADMIN_TOKEN: optional(
      text.min(16, 'must be at least 16 characters (it guards the alert rules and channels)'),
    ),
    ORDERS_API_KEY: optional(
      text
        .min(24, 'must be at least 24 characters (it lets the ERP add orders)')
        .max(500)
        .regex(
          /^[\x21-\x7e]+$/,
          'must be printable ASCII without spaces (it is sent as Authorization: Bearer)',
        ),
    ),
    SMTP_URL: optional(
      text.refine((value) => {
        try {
          return ['smtp:', 'smtps:'].includes(new URL(value).protocol)
        } catch {
          return false
        }
      }, 'must be a mail server URL such as smtps://user:password@mail.example:465'),
    ),
    ALERT_MAIL_FROM: optional(z.email('must be an e-mail address such as stitchboard@factory.example')),
    BASE_PATH: optional(basePath),
    PUBLIC_URL: optional(httpUrl('https://intranet.example', '')),
    OIDC_ISSUER: optional(
      httpUrl('https://login.microsoftonline.com/<tenant>/v2.0', '').refine((value) => {
        const url = new URL(value)
        return url.protocol === 'https:' || LOOPBACK.test(url.hostname)
      }, 'must be an https URL (plain http only on this machine: localhost or 127.0.0.1)'),
    ),
    OIDC_CLIENT_ID: optional(text.min(1).max(500)),
    OIDC_CLIENT_SECRET: optional(text.min(1).max(2000)),
    OIDC_ROLE_CLAIM: optional(
      text.regex(/^[\w.:/-]{1,100}$/, 'must be the name of a claim of the ID token, such as roles or groups'),
    ),
    OIDC_ROLES: optional(text),
  })
  .superRefine((env, ctx) => {
    const need = (name: string, message: string) => ctx.addIssue({ code: 'custom', path: [name], message })
    if (env.API_BASE_URL && !env.API_KEY) need('API_KEY', 'is required when API_BASE_URL is set')
    if (!env.API_BASE_URL && env.API_KEY && !DEMO_API_KEYS.includes(env.API_KEY)) {
      need(
        'API_KEY',
        'is set but API_BASE_URL is not: set API_BASE_URL to the vendor’s address, or leave API_KEY unset for the demo',
      )
    }
    if (env.SMTP_URL && !env.ALERT_MAIL_FROM)
      need('ALERT_MAIL_FROM', 'is required when SMTP_URL is set (the sender of alert mails)')
    if (env.PUBLIC_URL && URL.canParse(env.PUBLIC_URL)) {
      // the address's path, if it has one, is the base path: links are built as PUBLIC_URL + BASE_PATH
      const path = new URL(env.PUBLIC_URL).pathname.replace(/\/$/, '')
      const base = env.BASE_PATH ?? ''
      if (path !== '' && path !== base)
        need(
          'PUBLIC_URL',
          base
            ? `has the path ${path.slice(0, 100)} but BASE_PATH is ${base}: give the address without a path (BASE_PATH is added) or with ${base}`
            : `has the path ${path.slice(0, 100)} but BASE_PATH is not set: set BASE_PATH=${path.slice(0, 100)} if the dashboard is served there, or give the address without a path`,
        )
    }
    checkOidc(env, need)
    if (env.ORDERS_API_KEY && env.ORDERS_API_KEY === env.ADMIN_TOKEN)
      need('ORDERS_API_KEY', 'is the same as ADMIN_TOKEN: the ERP’s key must not change the settings')
    if (env.JOB_API_URL && !env.WEB_API_LICENSE)
      need('WEB_API_LICENSE', 'is required when JOB_API_URL is set')
    if (!env.JOB_API_URL && env.WEB_API_LICENSE && !DEMO_LICENCES.includes(env.WEB_API_LICENSE)) {
      need(
        'WEB_API_LICENSE',
        env.API_BASE_URL
          ? 'is set but JOB_API_URL is not: set JOB_API_URL to the vendor’s web API address, or leave WEB_API_LICENSE unset (then there is no thread-cone look-up)'
          : 'is set but JOB_API_URL is not: set JOB_API_URL to the vendor’s address, or leave WEB_API_LICENSE unset for the demo',
      )
    }
  })

/** Every variable stitchboard reads (an environment file names no other). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(environment.shape)

export interface Config {
  /** vendor: {base_url} with its key; demo: the embedded demo upstream with a demo key */
  api: { mode: 'vendor'; baseUrl: string; apiKey: string } | { mode: 'demo'; apiKey: string }
  /** vendor: {web_api_address}/StitchJob with the licence; demo: the embedded job interface, only when
   * the production API is the demo's too; none: the vendor's API without JOB_API_URL, so there is no
   * thread-cone look-up (the demo's catalogue would pass for the factory's) */
  job: { mode: 'vendor'; url: string; licence: string } | { mode: 'demo'; licence: string } | { mode: 'none' }
  host: string
  port: number
  dashboardToken: string | null
  timeZone: string
  /** clock times as 14:35 (24h, the default) or 2:35 PM (12h), whatever the browser's language */
  timeFormat: '24h' | '12h'
  /** the factory's default language (LANGUAGE): a page speaks it unless the person picked another or the
   * kiosk's address names one; null: the browser's own */
  language: Language | null
  shifts: NamedShift[]
  cacheTtlSeconds: number
  upstreamTimeoutSeconds: number
  /** host names a request may be addressed to, besides IP literals and localhost (DNS rebinding) */
  allowedHosts: string[]
  /** the longest report range forwarded */
  maxRangeDays: number
  /** addresses of reverse proxies whose X-Forwarded-For / X-Forwarded-Proto are believed */
  trustProxy: string[]
  sessionHours: number
  /** a signed-in person's session ends after this long without a request */
  sessionIdleMinutes: number
  /** signing in at the factory's identity provider (OpenID Connect), or null: local accounts only */
  oidc: OidcConfig | null
  shutdownSeconds: number
  /** where the server keeps what it must remember (sessions) */
  dataDir: string
  /** vendor status code → stitchboard state and label (STATUS_CODES, else the demo's table) */
  statusCodes: { source: 'environment' | 'default'; entries: StatusEntry[] }
  /** location names (LOCATIONS); the vendor's machine records carry only IDs */
  locations: Array<{ id: number; name: string }>
  /** how often the server's watcher reads /machines for everyone (POLL_SECONDS) */
  pollSeconds: number
  /** how long the polling instance's lease lasts before another instance on the same database takes
   * over (LEASE_SECONDS); it is renewed four times within it */
  leaseSeconds: number
  /** how long the machine history is kept (HISTORY_DAYS) */
  historyDays: number
  /** how long after a shift's end its report waits for late data (REPORT_GRACE_MINUTES) */
  reportGraceMinutes: number
  /** how far behind the clock the orders' pieces are counted (ORDERS_COUNT_DELAY_SECONDS) */
  ordersCountDelaySeconds: number
  /** a PostgreSQL server (DATABASE_URL), else the embedded one in DATA_DIR/postgres */
  databaseUrl: string | null
  /** the secret that changes alert rules and channels (ADMIN_TOKEN); without it they are read-only */
  adminToken: string | null
  /** the key an ERP adds orders with (ORDERS_API_KEY, as Authorization: Bearer); null: none can */
  ordersApiKey: string | null
  /** the mail server for alert mails (SMTP_URL) and their sender (ALERT_MAIL_FROM) */
  smtp: { url: string; from: string } | null
  /** the path the dashboard is served under behind a reverse proxy (BASE_PATH), such as /stitchboard;
   * '' at the root. Requests are answered under it and with it stripped by the proxy alike. */
  basePath: string
  /** the dashboard's address as people reach it, base path included, no trailing slash (PUBLIC_URL with
   * BASE_PATH): alert messages link to its pages; null without PUBLIC_URL (no links) */
  publicUrl: string | null
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}

/** A value as it may be shown: secrets never, URL credentials masked. */
function shown(name: string, value: string | undefined): string {
  if (!value || SECRETS.has(name)) return ''
  const masked = URLS.has(name) ? value.replace(/\/\/[^/?#]*@/, '//***@') : value
  return ` (got "${masked.slice(0, 200)}")`
}

/** Overlapping shifts, in words, or null; shifts may cross midnight. */
function shiftOverlap(shifts: readonly NamedShift[]): string | null {
  const minutes = (shift: NamedShift) => {
    const from = clockMinutes(shift.from)!
    const to = clockMinutes(shift.to)!
    const set = new Set<number>()
    for (let m = from; m !== to; m = (m + 1) % 1440) set.add(m)
    return set
  }
  const sets = shifts.map(minutes)
  for (let i = 0; i < shifts.length; i++)
    for (let j = i + 1; j < shifts.length; j++)
      for (const m of sets[i]!) {
        if (sets[j]!.has(m)) return `has overlapping shifts "${shifts[i]!.name}" and "${shifts[j]!.name}"`
      }
  return null
}

type Environment = Record<string, string | undefined>

/** One line per problem: the variable, what is wrong with it, and its value where it may be shown. */
const problemsOf = (issues: z.ZodError['issues'], env: Environment) =>
  issues.map((issue) => {
    const name = String(issue.path[0] ?? 'environment')
    return `${name} ${issue.message}${shown(name, env[name])}`
  })

/** Reads the environment (the only place that does, with the two readers below); throws ConfigError naming
 * every bad variable, one per line, and what is wrong with each. */
export function loadConfig(env: Environment = process.env): Config {
  const parsed = environment.safeParse(env)
  const problems = parsed.success ? [] : problemsOf(parsed.error.issues, env)
  const shifts = parseShifts(parsed.data?.SHIFTS ?? env.SHIFTS?.trim() ?? DEFAULT_SHIFTS_TEXT)
  if (typeof shifts === 'string') problems.push(`SHIFTS ${shifts}`)
  else {
    const overlap = shiftOverlap(shifts)
    if (overlap) problems.push(`SHIFTS ${overlap}`)
  }
  const statusText = parsed.data?.STATUS_CODES ?? env.STATUS_CODES?.trim()
  const statusCodes = statusText ? parseStatusCodes(statusText) : null
  if (typeof statusCodes === 'string') problems.push(`STATUS_CODES ${statusCodes}`)
  const locationsText = parsed.data?.LOCATIONS ?? env.LOCATIONS?.trim()
  const locations = locationsText ? parseLocations(locationsText) : []
  if (typeof locations === 'string') problems.push(`LOCATIONS ${locations}`)
  if (
    problems.length > 0 ||
    !parsed.data ||
    typeof shifts === 'string' ||
    typeof statusCodes === 'string' ||
    typeof locations === 'string'
  ) {
    throw new ConfigError([...new Set(problems)].join('\n'))
  }
  const e = parsed.data
  const trimSlash = (url: string) => url.replace(/\/+$/, '')
  return {
    api: e.API_BASE_URL
      ? { mode: 'vendor', baseUrl: trimSlash(e.API_BASE_URL), apiKey: e.API_KEY! }
      : { mode: 'demo', apiKey: e.API_KEY ?? DEMO_API_KEY },
    job: e.JOB_API_URL
      ? { mode: 'vendor', url: `${trimSlash(e.JOB_API_URL)}/StitchJob`, licence: e.WEB_API_LICENSE! }
      : e.API_BASE_URL
        ? { mode: 'none' }
        : { mode: 'demo', licence: e.WEB_API_LICENSE ?? DEMO_LICENCE },
    host: e.HOST ?? '127.0.0.1',
    port: e.PORT ?? 8080,
    dashboardToken: e.DASHBOARD_TOKEN ?? null,
    timeZone: e.FACTORY_TIMEZONE ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    timeFormat: e.TIME_FORMAT === '12h' ? '12h' : '24h',
    language: isLanguage(e.LANGUAGE) ? e.LANGUAGE : null,
    shifts,
    cacheTtlSeconds: e.CACHE_TTL_SECONDS ?? 5,
    upstreamTimeoutSeconds: e.UPSTREAM_TIMEOUT_SECONDS ?? 15,
    allowedHosts: e.ALLOWED_HOSTS ?? [],
    maxRangeDays: e.MAX_RANGE_DAYS ?? 400,
    trustProxy: e.TRUST_PROXY ?? [],
    sessionHours: e.SESSION_HOURS ?? 720,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES ?? 480,
    oidc: oidcOf(e),
    shutdownSeconds: e.SHUTDOWN_SECONDS ?? 10,
    dataDir: e.DATA_DIR ?? './data',
    statusCodes: statusCodes
      ? { source: 'environment', entries: statusCodes }
      : { source: 'default', entries: [...DEMO_STATUS_ENTRIES] },
    locations,
    pollSeconds: e.POLL_SECONDS ?? 15,
    leaseSeconds: e.LEASE_SECONDS ?? 20,
    historyDays: e.HISTORY_DAYS ?? 400,
    reportGraceMinutes: e.REPORT_GRACE_MINUTES ?? 10,
    ordersCountDelaySeconds: e.ORDERS_COUNT_DELAY_SECONDS ?? 120,
    databaseUrl: e.DATABASE_URL ?? null,
    adminToken: e.ADMIN_TOKEN ?? null,
    ordersApiKey: e.ORDERS_API_KEY ?? null,
    smtp: e.SMTP_URL ? { url: e.SMTP_URL, from: e.ALERT_MAIL_FROM! } : null,
    basePath: e.BASE_PATH ?? '',
    publicUrl: e.PUBLIC_URL ? `${new URL(e.PUBLIC_URL).origin}${e.BASE_PATH ?? ''}` : null,
  }
}

/** The demo upstream alone (`npm run demo-upstream`): where it listens and its factory's time zone. */
export interface DemoUpstreamConfig {
  host: string
  port: number
  /** null: the demo's own (FACTORY_TIMEZONE unset) */
  timeZone: string | null
}

/** The demo upstream's settings: HOST, PORT (8090 unless set) and FACTORY_TIMEZONE, checked as the server's
 * are; throws ConfigError naming every bad one. */
export function loadDemoUpstreamConfig(env: Environment = process.env): DemoUpstreamConfig {
  const { HOST, PORT, FACTORY_TIMEZONE } = environment.shape
  const parsed = z.object({ HOST, PORT, FACTORY_TIMEZONE }).safeParse(env)
  if (!parsed.success) throw new ConfigError(problemsOf(parsed.error.issues, env).join('\n'))
  const e = parsed.data
  return { host: e.HOST ?? '127.0.0.1', port: e.PORT ?? 8090, timeZone: e.FACTORY_TIMEZONE ?? null }
}

/** The folder a command was called from (`npm run` runs it in the package's folder and says where it was
 * called in INIT_CWD; else this process's): a file name given to `npm run backup` is the caller's. */
export function callerFolder(env: Environment = process.env): string {
  return optional(text.min(1)).parse(env.INIT_CWD) ?? process.cwd()
}
