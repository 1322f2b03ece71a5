import * as z from 'zod'
import { isValidTimeZone } from '../src/lib/factory-time'
import { DEFAULT_SHIFTS_TEXT, type NamedShift, parseShifts } from './shifts'

/** The demo keys injected when no vendor credentials are configured (README: "Demo data"). */
export const DEMO_API_KEY = 'demo-key-a'
export const DEMO_LICENCE = 'demo-licence-a'

const text = z.string().trim()
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional())
const httpUrl = text.refine((v) => {
  try {
    return ['http:', 'https:'].includes(new URL(v).protocol)
  } catch {
    return false
  }
}, 'must be an http(s) URL such as https://api.example.com/v1')
const seconds = (max: number) =>
  z.coerce
    .number({ message: 'must be a number of seconds' })
    .min(0, 'must not be negative')
    .max(max, `must be at most ${max}`)

const environment = z
  .object({
    API_BASE_URL: optional(httpUrl),
    API_KEY: optional(text.min(1)),
    JOB_API_URL: optional(httpUrl),
    WEB_API_LICENSE: optional(text.min(1)),
    HOST: optional(text.min(1)),
    PORT: optional(
      z.coerce
        .number({ message: 'must be a port number' })
        .int('must be a whole number')
        .min(1)
        .max(65535, 'must be 1–65535'),
    ),
    DASHBOARD_TOKEN: optional(text.min(16, 'must be at least 16 characters (it guards the whole dashboard)')),
    FACTORY_TIMEZONE: optional(
      text.refine(isValidTimeZone, 'is not an IANA time zone such as Europe/Berlin'),
    ),
    SHIFTS: optional(text),
    CACHE_TTL_SECONDS: optional(seconds(3600)),
    UPSTREAM_TIMEOUT_SECONDS: optional(seconds(300).refine((v) => v > 0, 'must be more than 0')),
  })
  .superRefine((env, ctx) => {
    if (env.API_BASE_URL && !env.API_KEY) {
      ctx.addIssue({ code: 'custom', path: ['API_KEY'], message: 'is required when API_BASE_URL is set' })
    }
    if (env.JOB_API_URL && !env.WEB_API_LICENSE) {
      ctx.addIssue({
        code: 'custom',
        path: ['WEB_API_LICENSE'],
        message: 'is required when JOB_API_URL is set',
      })
    }
  })

export interface Config {
  /** vendor: {base_url} with its key; demo: the embedded demo upstream with a demo key */
  api: { mode: 'vendor'; baseUrl: string; apiKey: string } | { mode: 'demo'; apiKey: string }
  /** vendor: {web_api_address}/StitchJob with the licence; demo: the embedded job interface */
  job: { mode: 'vendor'; url: string; licence: string } | { mode: 'demo'; licence: string }
  host: string
  port: number
  dashboardToken: string | null
  timeZone: string
  shifts: NamedShift[]
  cacheTtlSeconds: number
  upstreamTimeoutSeconds: number
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}

/** Reads the environment (the only place that does); throws ConfigError with one line naming the
 * variable and what is wrong with it. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = environment.safeParse(env)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    const name = String(issue.path[0] ?? 'environment')
    const value = env[name]
    const shown =
      name === 'API_KEY' || name === 'WEB_API_LICENSE' || name === 'DASHBOARD_TOKEN'
        ? ''
        : value
          ? ` (got "${value}")`
          : ''
    throw new ConfigError(`${name} ${issue.message}${shown}`)
  }
  const e = parsed.data
  const shifts = parseShifts(e.SHIFTS ?? DEFAULT_SHIFTS_TEXT)
  if (typeof shifts === 'string') throw new ConfigError(`SHIFTS ${shifts}`)
  const trimSlash = (url: string) => url.replace(/\/+$/, '')
  return {
    api: e.API_BASE_URL
      ? { mode: 'vendor', baseUrl: trimSlash(e.API_BASE_URL), apiKey: e.API_KEY! }
      : { mode: 'demo', apiKey: e.API_KEY ?? DEMO_API_KEY },
    job: e.JOB_API_URL
      ? { mode: 'vendor', url: `${trimSlash(e.JOB_API_URL)}/StitchJob`, licence: e.WEB_API_LICENSE! }
      : { mode: 'demo', licence: e.WEB_API_LICENSE ?? DEMO_LICENCE },
    host: e.HOST ?? '127.0.0.1',
    port: e.PORT ?? 8080,
    dashboardToken: e.DASHBOARD_TOKEN ?? null,
    timeZone: e.FACTORY_TIMEZONE ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    shifts,
    cacheTtlSeconds: e.CACHE_TTL_SECONDS ?? 5,
    upstreamTimeoutSeconds: e.UPSTREAM_TIMEOUT_SECONDS ?? 15,
  }
}
