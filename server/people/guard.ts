import type { Context, MiddlewareHandler } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { type Role, roleAtLeast } from '../../src/lib/roles'
import type { AuditEntry, AuditLog } from '../audit/log'
import { redacted } from '../audit/log'
import { readBodyLimited } from '../proxy/request-body'
import { type WriteRoute, writeRouteOf } from './route-roles'
import type { PeopleStore, Person } from './store'
import { WRITE_LIMITS, WriteLimits } from './write-limits'

export const PERSON_COOKIE = 'stitchboard_person'
/** The largest body a write route takes (the settings' 64 KiB, with room). */
const MAX_WRITE_BYTES = 128 * 1024

/** Who asks: a signed-in person, the ADMIN_TOKEN (only while no administrator exists), or no one known. */
export type Caller =
  | { kind: 'person'; person: Person; sessionId: number }
  | { kind: 'admin-token' }
  | { kind: 'anonymous' }

export interface GuardOptions {
  /** the people and the audit log, or null while the history's database is not ready */
  parts: () => { people: PeopleStore; audit: AuditLog } | null
  /** the check of ADMIN_TOKEN (server/proxy/admin-token.ts): null when the request carries it */
  adminGate: (c: Context, what: string) => Response | null
  adminToken: string | null
  /** the client's address, as the access limits see it */
  address: (c: Context) => string
  isHttps: (c: Context) => boolean
  basePath: string
  /** a person's session ends after this long without a request, and after `sessionMs` in any case */
  idleMs: number
  sessionMs: number
  now: () => number
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

  /** Who asks (kept for the request: the routes read it with `callerOf`). */
  const resolve = async (c: Context): Promise<Caller> => {
    const known = callers.get(c)
    if (known) return known
    const parts = options.parts()
    const session = parts ? await sessionOf(c, parts.people) : null
    const caller: Caller = session ? { kind: 'person', ...session } : { kind: 'anonymous' }
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
      const caller = await resolve(c)
      let text = body.text
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
    const refusal = await authorise(c, needs, route.settings ?? route.event)
    if (refusal) {
      if (parts && route.audit !== false) await keep(c, parts.audit, route, asked, refusal)
      return refusal
    }
    await next()
    if (parts && route.audit !== false && route.audit !== 'self')
      await keep(c, parts.audit, route, asked, c.res)
  }

  /** Appends the request's entry; a failure to keep it is in the server's log (the change is made). */
  const keep = async (c: Context, audit: AuditLog, route: WriteRoute, asked: unknown, answer: Response) => {
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

export const resultOf = (status: number): AuditEntry['result'] =>
  status < 400 ? 'ok' : status === 401 || status === 403 || status === 429 ? 'refused' : 'failed'

/** How the audit log names a caller; `typed`: the name a form gave (before accounts). */
export function actorOf(
  caller: Caller,
  typed: string,
): Pick<AuditEntry, 'actor' | 'actorId' | 'role' | 'via'> {
  if (caller.kind === 'person')
    return { actor: caller.person.name, actorId: caller.person.id, role: caller.person.role, via: 'session' }
  if (caller.kind === 'admin-token')
    return {
      actor: typed ? `${typed} (admin token)` : 'admin token',
      actorId: null,
      role: null,
      via: 'admin-token',
    }
  return { actor: typed ? `${typed} (typed)` : 'anonymous', actorId: null, role: null, via: 'anonymous' }
}
