import type { Context, MiddlewareHandler } from 'hono'
import { getCookie } from 'hono/cookie'
import { withoutBase } from '../../src/lib/base-path'
import { watchViewer } from '../proxy/viewer'
import type { DeviceStore } from './devices'
import { DEVICE_COOKIE, PERSON_COOKIE } from './guard'
import type { PeopleStore } from './store'

/** How long a verdict on a cookie is trusted before the database is asked again: a revoked wall screen
 * or an ended session is out on its next poll after this (the board polls every 15 s at most). */
export const VIEW_CHECK_MS = 5_000
/** Cookies whose verdict is kept at once (the least recently checked go first). */
const MAX_VERDICTS = 10_000

/** Who may look, for one request:
 * - `open`: stitchboard has no administrator yet, so nobody signs in (DASHBOARD_TOKEN may still guard it),
 *   or its database has not answered since this server started;
 * - `known`: a signed-in person or a live enrolled device;
 * - `unknown`: accounts exist and the request is neither;
 * - `unchecked`: accounts exist and the database did not answer the check (a 503, not a sign-in). */
export type Viewing = 'open' | 'known' | 'unknown' | 'unchecked'

export interface ViewGateOptions {
  parts: () => { people: PeopleStore; devices: DeviceStore } | null
  idleMs: number
  address: (c: Context) => string
  now: () => number
}

/** Whether a request may see the board once stitchboard has accounts. The database is asked at most once
 * per VIEW_CHECK_MS for each cookie and for "are there accounts", so a poll costs a map look-up. */
export function viewGate(options: ViewGateOptions) {
  const { now } = options
  let accounts: { value: boolean; at: number } | null = null
  let asking: Promise<boolean> | null = null
  const verdicts = new Map<string, { known: boolean; at: number }>()

  /** Whether an active administrator exists (the last answer when the database does not answer). */
  const hasAccounts = async (): Promise<boolean | null> => {
    const parts = options.parts()
    if (accounts && now() - accounts.at < VIEW_CHECK_MS) return accounts.value
    if (!parts) return accounts?.value ?? null
    asking ??= parts.people.hasAdmin().finally(() => {
      asking = null
    })
    try {
      const value = await asking
      accounts = { value, at: now() }
      return value
    } catch {
      return accounts?.value ?? null
    }
  }

  const remember = (key: string, known: boolean) => {
    verdicts.delete(key)
    if (verdicts.size >= MAX_VERDICTS) verdicts.delete(verdicts.keys().next().value!)
    verdicts.set(key, { known, at: now() })
    return known
  }

  /** Whether a cookie is a live session or device: from the last verdict while it is fresh. */
  const knownBy = async (key: string, ask: () => Promise<boolean>): Promise<boolean | null> => {
    const kept = verdicts.get(key)
    if (kept && now() - kept.at < VIEW_CHECK_MS) return kept.known
    try {
      return remember(key, await ask())
    } catch {
      return null
    }
  }

  const viewing = async (c: Context): Promise<Viewing> => {
    // not known yet (the database not answering since this server started): as before accounts
    if ((await hasAccounts()) !== true) return 'open'
    const parts = options.parts()
    const person = getCookie(c, PERSON_COOKIE)
    const device = getCookie(c, DEVICE_COOKIE)
    let unchecked = false
    if (person && person.length <= 100) {
      const known = await knownBy(`p ${person}`, async () => {
        if (!parts) throw new Error('no database')
        return (await parts.people.sessionPerson(person, now(), options.idleMs)) !== null
      })
      if (known) return 'known'
      if (known === null) unchecked = true
    }
    if (device && device.length <= 100) {
      const known = await knownBy(`d ${device}`, async () => {
        if (!parts) throw new Error('no database')
        return (await parts.devices.bySecret(device, now(), options.address(c))) !== null
      })
      if (known) return 'known'
      if (known === null) unchecked = true
    }
    return unchecked ? 'unchecked' : 'unknown'
  }

  /** Forgets what was decided (a sign-out, a revocation, the first administrator on this instance: at once). */
  const forget = () => {
    verdicts.clear()
    accounts = null
  }

  return { viewing, forget }
}

export type ViewGate = ReturnType<typeof viewGate>

/** What anyone may ask for once accounts exist: signing in, enrolling a device, the app's files, and
 * the pages that do those (the rest of the app needs a person or a device). */
const OPEN_API = /^\/api\/(auth\/|devices\/enrol$)/
const OPEN_PAGES = new Set(['/sign-in', '/enrol'])
/** the built app's files (its code, styles, fonts and message catalogues): nothing of the factory's */
const isFile = (path: string) =>
  path.startsWith('/assets/') || /^\/[\w.-]+\.(svg|png|ico|webmanifest|txt)$/.test(path)

export interface ViewAccessOptions {
  /** null until the history's database and the people are set up (then everything is `open`) */
  gate: () => ViewGate | null
  /** DASHBOARD_TOKEN's check (server/proxy/access.ts), if it is set: before accounts it guards everything
   * as it always did; with accounts, a token session still sees (so walls keep showing while they are
   * enrolled one by one), and people sign in past it */
  token: MiddlewareHandler | null
  basePath: string
}

/** The gate in front of every request: once stitchboard has an administrator, only signed-in people and
 * enrolled devices see the board. A page asked for by someone unknown leads to the sign-in page; an
 * answer of the API is a 401 that says why (`reason: "who"`), on which the app goes there too. */
export function viewAccess({ gate, token, basePath }: ViewAccessOptions): MiddlewareHandler {
  return async (c, next) => {
    const path = c.req.path
    if (path === '/healthz') return next()
    const viewing = (await gate()?.viewing(c)) ?? 'open'
    if (viewing === 'known') {
      if (path === '/api/live') keepViewer(c, gate)
      return next()
    }
    if (viewing === 'open') return token ? token(c, next) : next()
    const open = OPEN_API.test(path) || path === '/app-config.json' || OPEN_PAGES.has(path) || isFile(path)
    // a change goes on to the guard of the write routes, which refuses it in its words and logs it
    const reading = c.req.method === 'GET' || c.req.method === 'HEAD'
    if (open || !reading) return next()
    if (viewing === 'unchecked')
      return c.json({ error: 'Who you are cannot be checked now: the database does not answer' }, 503, {
        'Retry-After': '5',
      })
    if (token) {
      let passed = false
      const answer = await token(c, async () => {
        passed = true
      })
      if (passed) return next()
      if (answer && answer.status !== 401) return answer
    }
    if (path.startsWith('/api/') || c.req.method !== 'GET')
      return c.json({ error: 'Sign in, or enrol this device, to see the board', reason: 'who' }, 401)
    const url = new URL(c.req.url)
    const back = `${withoutBase(url.pathname, basePath)}${url.search}`
    return c.redirect(`${basePath}/sign-in?next=${encodeURIComponent(back)}`, 303)
  }
}

/** The live stream's viewer, asked again before each event (server/proxy/viewer.ts). */
function keepViewer(c: Context, gate: () => ViewGate | null) {
  watchViewer(c.req.raw, async () => ((await gate()?.viewing(c)) ?? 'open') !== 'unknown')
}
