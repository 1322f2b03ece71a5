import type { Context, MiddlewareHandler } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { type Role, roleAtLeast } from '../../src/lib/roles'
import type { AuditEntry, AuditLog } from '../audit/log'
import { differences, redacted } from '../audit/log'
import { readBodyLimited } from '../proxy/request-body'
import { actorOf, type Caller } from './actor'
import { type Device, type DeviceStore, MAX_PIN_FAILURES } from './devices'
import { integrationCall } from './integration'
import { outsidePlaces } from './places'
import { type ChangedState, type PlaceNow, type WriteRoute, writeRouteOf } from './route-roles'
import type { PeopleStore, Person } from './store'
import { WRITE_LIMITS, WriteLimits } from './write-limits'

export const PERSON_COOKIE = 'stitchboard_person'
/** An enrolled device's cookie (a floor tablet's, a wall screen's): long-lived, revocable on the server. */
export const DEVICE_COOKIE = 'stitchboard_device'
/** The largest body a write route takes (the settings' 64 KiB, with room). */
const MAX_WRITE_BYTES = 128 * 1024

export interface GuardOptions {
  /** the people and the audit log, or null while the history's database is not ready */
  parts: () => { people: PeopleStore; audit: AuditLog; devices: DeviceStore } | null
  /** the check of ADMIN_TOKEN (server/proxy/admin-token.ts): null when the request carries it */
  adminGate: (c: Context, what: string) => Response | null
  adminToken: string | null
  /** ORDERS_API_KEY: an ERP's key for the routes marked `integration` (null: none) */
  integrationKey?: string | null
  /** the client's address, as the access limits see it */
  address: (c: Context) => string
  isHttps: (c: Context) => boolean
  basePath: string
  /** a person's session ends after this long without a request, and after `sessionMs` in any case */
  idleMs: number
  sessionMs: number
  now: () => number
  /** what a route changes as it is now (WriteRoute.state), for the audit log's before and after */
  stateOf?: (state: ChangedState, path: string) => Promise<unknown>
  /** the machines' locations as the server's machine facts have them (the latest /machines answer; null:
   * none), read only for a person limited to locations: a machine missing is one whose location is not known */
  machineLocations?: () => Promise<ReadonlyMap<string, number | null>>
  /** what a route changes as it is now, for where it is (WriteRoute.placeNow): undefined when there is none */
  placeNow?: (what: PlaceNow, path: string) => Promise<unknown>
}

const callers = new WeakMap<Context, Caller>()

/** The guard of every write route (its table: ./route-roles.ts), the one place that knows who asks:
 * - checks the caller's role (or, while no administrator exists, ADMIN_TOKEN for what is not the floor's);
 * - puts a signed-in person's name where the body says who did it, so no one writes in another's name;
 * - keeps each write, and each refusal, in the audit log. */
export function peopleGuard(options: GuardOptions) {
  const perClient = new WriteLimits(WRITE_LIMITS.perClient)
  const perPerson = new WriteLimits(WRITE_LIMITS.perPerson)
  /** The person of the request's session cookie, or null. */
  const sessionOf = async (c: Context, people: PeopleStore) => {
    const secret = getCookie(c, PERSON_COOKIE)
    if (!secret || secret.length > 100) return null
    return people.sessionPerson(secret, options.now(), options.idleMs)
  }

  /** The enrolled device of the request's cookie, or null. */
  const deviceOf = async (c: Context, devices: DeviceStore) => {
    const secret = getCookie(c, DEVICE_COOKIE)
    if (!secret || secret.length > 100) return null
    return devices.bySecret(secret, options.now(), options.address(c))
  }

  /** Who asks (kept for the request: the routes read it with `callerOf`). */
  const resolve = async (c: Context): Promise<Caller> => {
    const known = callers.get(c)
    if (known) return known
    if (integrationCall(c.req.raw, options.integrationKey ?? null)) {
      const caller: Caller = { kind: 'integration' }
      callers.set(c, caller)
      return caller
    }
    const parts = options.parts()
    const session = parts ? await sessionOf(c, parts.people) : null
    const device = !session && parts ? await deviceOf(c, parts.devices) : null
    const caller: Caller = session
      ? { kind: 'person', ...session }
      : device
        ? { kind: 'device', device }
        : { kind: 'anonymous' }
    callers.set(c, caller)
    return caller
  }

  /** Whether stitchboard has accounts now (an active administrator): then people sign in. */
  const accounts = async () => (await options.parts()?.people.hasAdmin()) ?? false

  /** null when the request may do what needs `role`; otherwise the refusal. `what`: the settings the
   * ADMIN_TOKEN protects while there are no accounts. */
  const authorise = async (c: Context, role: Role, what: string): Promise<Response | null> => {
    const caller = await resolve(c)
    if (caller.kind === 'person') {
      if (roleAtLeast(caller.person.role, role)) return null
      return c.json(
        {
          error: `${what}: this needs the ${role} role, and ${caller.person.name} is ${caller.person.role === 'admin' || caller.person.role === 'operator' ? 'an' : 'a'} ${caller.person.role}`,
          reason: 'role',
          needs: role,
        },
        403,
      )
    }
    if (caller.kind === 'device' && (await accounts()))
      return c.json(
        caller.device.kind === 'wall'
          ? { error: 'A wall screen changes nothing', reason: 'wall' }
          : { error: `${what}: give your PIN or badge number`, reason: 'pin', needs: role },
        caller.device.kind === 'wall' ? 403 : 401,
      )
    if (await accounts()) {
      const bearer = c.req.header('Authorization')?.startsWith('Bearer ')
      return c.json(
        {
          error: bearer
            ? `${what}: sign in. The admin token changes nothing once stitchboard has an administrator`
            : `${what}: sign in to do this`,
          reason: 'sign-in',
          needs: role,
        },
        401,
      )
    }
    // no accounts yet: as before, the floor's writes are open and the rest needs ADMIN_TOKEN
    if (role === 'viewer' || role === 'operator') return null
    const refusal = options.adminGate(c, what)
    if (!refusal) callers.set(c, { kind: 'admin-token' })
    return refusal
  }

  const middleware: MiddlewareHandler = async (c, next) => {
    const entry = writeRouteOf(c.req.method, c.req.path)
    if (!entry) return next()
    const { route } = entry
    const needs = route.role
    if (needs === 'anyone') return next()
    const parts = options.parts()
    // a flood is refused before anything is read, and kept in the audit log once
    const flood = (limit: { waitSeconds: number; first: boolean }) => {
      const answer = c.json(
        { error: `Too many changes at once: wait ${limit.waitSeconds} s`, reason: 'too-many' },
        429,
        { 'Retry-After': String(limit.waitSeconds) },
      )
      return limit.first && parts && route.audit !== false
        ? keep(c, parts.audit, route, { flood: true }, answer).then(() => answer)
        : answer
    }
    // (a look-up changes nothing: not limited here, the proxy's limiter bounds it)
    const byClient = route.audit === false ? null : perClient.take(options.address(c), options.now())
    if (byClient) return flood(byClient)
    // the body, read once (bounded): the audit log keeps what was asked, and a signed-in person's name
    // replaces what the body says of who did it
    let asked: unknown = null
    if (route.audit !== false || route.who) {
      const body = await readBodyLimited(c.req.raw, MAX_WRITE_BYTES)
      if (!body.ok)
        return c.json({ error: `The body may be at most ${MAX_WRITE_BYTES / 1024} KiB` }, 413, {
          Connection: 'close',
        })
      try {
        asked = body.text ? JSON.parse(body.text) : null
      } catch {
        asked = null
      }
      let caller = await resolve(c)
      let text = body.text
      // on an enrolled floor device, the person is the one whose PIN or badge the request carries
      if (caller.kind === 'device' && parts && asked && typeof asked === 'object' && !Array.isArray(asked)) {
        const given = asked as Record<string, unknown>
        const identified = await identify(
          c,
          parts,
          caller.device,
          given,
          needs === 'viewer' ? 'viewer' : needs,
          route,
        )
        if (identified instanceof Response) return identified
        if (identified) {
          caller = identified
          callers.set(c, caller)
        }
        const { pin: _pin, badge: _badge, ...rest } = given
        asked = rest
        text = JSON.stringify(rest)
      }
      if (
        caller.kind === 'person' &&
        route.who &&
        asked &&
        typeof asked === 'object' &&
        !Array.isArray(asked)
      ) {
        asked = { ...(asked as Record<string, unknown>), [route.who]: caller.person.name }
        text = JSON.stringify(asked)
      }
      const headers = new Headers(c.req.raw.headers)
      headers.set('Content-Length', String(new TextEncoder().encode(text).byteLength))
      c.req.raw = new Request(c.req.raw.url, { method: c.req.raw.method, headers, body: text })
    }
    const caller = await resolve(c)
    if (caller.kind === 'person') {
      const byPerson = perPerson.take(`person ${caller.person.id}`, options.now())
      if (byPerson) return flood(byPerson)
    }
    const refusal =
      caller.kind === 'integration'
        ? route.integration
          ? null
          : c.json({ error: `${route.settings ?? route.event}: the orders API key only adds orders` }, 403)
        : ((await authorise(c, needs, route.settings ?? route.event)) ??
          (await placeRefusal(c, route, asked)))
    if (refusal) {
      if (parts && route.audit !== false) await keep(c, parts.audit, route, asked, refusal)
      return refusal
    }
    const read = () =>
      route.state && options.stateOf ? options.stateOf(route.state, c.req.path).catch(() => undefined) : null
    const before = await read()
    await next()
    const changes =
      before !== null && c.res.status < 400 ? { changes: differences(before, await read()) } : {}
    if (parts && route.audit !== false && route.audit !== 'self')
      await keep(c, parts.audit, route, asked, c.res, changes)
  }

  /** A person limited to locations changes only what is in them (./places.ts), and only what is wholly in
   * them now. The machines' locations not read: each one's is not known (refused); what it changes not read:
   * 503. */
  const placeRefusal = async (c: Context, route: WriteRoute, asked: unknown): Promise<Response | null> => {
    const caller = await resolve(c)
    if (caller.kind !== 'person' || !route.place || caller.person.locations.length === 0) return null
    const locations = (await options.machineLocations?.().catch(() => null)) ?? new Map()
    let now: { what: PlaceNow; is: unknown } | undefined
    if (route.placeNow && options.placeNow) {
      const what = route.placeNow
      try {
        now = { what, is: await options.placeNow(what, c.req.path) }
      } catch {
        return c.json({ error: `Where this ${what} is cannot be read now: try again` }, 503)
      }
    }
    const outside = outsidePlaces(caller.person, route, asked, (id) => locations.get(id) ?? null, now)
    return outside ? c.json(outside, 403) : null
  }

  /** The person of the PIN or badge a request from a floor device carries: the person, null when it
   * carries neither (the guard then treats it as anyone's), or the refusal: a wrong PIN (counted: the
   * fifth locks the device's PIN entry until a supervisor unlocks it), a locked entry, a wall screen. */
  const identify = async (
    c: Context,
    parts: { people: PeopleStore; audit: AuditLog; devices: DeviceStore },
    device: Device,
    given: Record<string, unknown>,
    needs: Role,
    route: WriteRoute,
  ): Promise<Caller | Response | null> => {
    const pin = typeof given.pin === 'string' ? given.pin.trim() : ''
    const badge = typeof given.badge === 'string' ? given.badge.trim() : ''
    const refuse = async (status: 401 | 403 | 423, body: Record<string, unknown>) => {
      const answer = c.json(body, status)
      if (route.audit !== false) await keep(c, parts.audit, route, { device: device.name }, answer)
      return answer
    }
    if (device.kind === 'wall') return refuse(403, { error: 'A wall screen changes nothing', reason: 'wall' })
    if (!pin && !badge) return null
    if (device.pinLockedAt !== null)
      return refuse(423, {
        error: `The PIN entry of ${device.name} is locked after ${MAX_PIN_FAILURES} wrong PINs: a supervisor unlocks it`,
        reason: 'pin-locked',
      })
    if (pin.length > 20 || badge.length > 64)
      return refuse(401, { error: 'Not a PIN or badge number', reason: 'pin' })
    const keyed = await parts.devices.keyed(pin ? 'pin' : 'badge', pin || badge)
    const person = await parts.people.byIdentifier(pin ? 'pin' : 'badge', keyed)
    if (!person || !roleAtLeast(person.role, needs)) {
      const { failures, locked } = await parts.devices.pinFailed(device.id, options.now())
      return locked
        ? refuse(423, {
            error: `The PIN entry of ${device.name} is locked after ${MAX_PIN_FAILURES} wrong PINs: a supervisor unlocks it`,
            reason: 'pin-locked',
          })
        : refuse(401, {
            error: person ? `${person.name} may not do this` : 'This PIN is not right',
            reason: 'pin',
            left: MAX_PIN_FAILURES - failures,
          })
    }
    if (
      person.locations.length > 0 &&
      device.locationId !== null &&
      !person.locations.includes(device.locationId)
    )
      return refuse(403, {
        error: `${person.name} does not work at this device's location`,
        reason: 'location',
      })
    await parts.devices.pinRight(device.id)
    return { kind: 'person', person, sessionId: 0, device }
  }

  /** Appends the request's entry; a failure to keep it is in the server's log (the change is made). */
  const keep = async (
    c: Context,
    audit: AuditLog,
    route: WriteRoute,
    asked: unknown,
    answer: Response,
    more: Record<string, unknown> = {},
  ) => {
    const caller = callers.get(c) ?? { kind: 'anonymous' }
    const typed =
      route.who && asked && typeof asked === 'object'
        ? (asked as Record<string, unknown>)[route.who]
        : undefined
    const name = typeof typed === 'string' ? typed.trim().slice(0, 60) : ''
    let error: unknown
    if (answer.status >= 400) {
      try {
        error = ((await answer.clone().json()) as { error?: unknown }).error
      } catch {
        error = undefined
      }
    }
    await audit
      .record({
        at: options.now(),
        ...actorOf(caller, name),
        address: options.address(c),
        category: route.category,
        event: route.event,
        target: c.req.path,
        result: resultOf(answer.status),
        status: answer.status,
        detail: {
          asked: redacted(asked),
          ...more,
          ...(typeof error === 'string' ? { error: error.slice(0, 500) } : {}),
        },
      })
      .catch(() => {})
  }

  /** Starts a session for a person: a new id every time, in an HttpOnly cookie. */
  const signIn = async (c: Context, people: PeopleStore, person: Person) => {
    const secret = await people.startSession(person.id, options.now(), options.sessionMs, {
      address: options.address(c),
      agent: c.req.header('User-Agent') ?? '',
    })
    setCookie(c, PERSON_COOKIE, secret, {
      httpOnly: true,
      // Lax: a link from an e-mailed report, or the identity provider's answer, arrives signed in
      sameSite: 'Lax',
      path: options.basePath || '/',
      maxAge: Math.floor(options.sessionMs / 1000),
      secure: options.isHttps(c),
    })
  }

  /** Ends the session of the request's cookie on the server, if it has one. */
  const endOwnSession = async (c: Context, people: PeopleStore, by: string) => {
    const secret = getCookie(c, PERSON_COOKIE)
    if (secret && secret.length <= 100) await people.endSessions({ secret }, options.now(), by)
  }

  /** Ends the request's session and removes its cookie. */
  const signOut = async (c: Context, people: PeopleStore, by: string) => {
    if (!getCookie(c, PERSON_COOKIE)) return
    await endOwnSession(c, people, by)
    deleteCookie(c, PERSON_COOKIE, { path: options.basePath || '/' })
  }

  return { middleware, resolve, authorise, accounts, signIn, signOut, endOwnSession }
}

export type PeopleGuard = ReturnType<typeof peopleGuard>

/** The request's caller once the guard or a route has resolved it. */
export const callerOf = (c: Context): Caller => callers.get(c) ?? { kind: 'anonymous' }

/** Who a change that a route records is by: the signed-in person, else the admin token (the only other
 * caller the guard lets through to an administrator's or supervisor's route). */
export function changedBy(c: Context): string {
  const caller = callerOf(c)
  return caller.kind === 'person' ? caller.person.name : 'admin token'
}

export const resultOf = (status: number): AuditEntry['result'] =>
  status < 400 ? 'ok' : status === 401 || status === 403 || status === 429 ? 'refused' : 'failed'
