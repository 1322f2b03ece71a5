import type { Context, Hono } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import * as z from 'zod'
import { pathOfThisApp } from '../../src/lib/base-path'
import type { AuditLog } from '../audit/log'
import { actorOf, type Caller } from './actor'
import { deviceJson } from './device-routes'
import { type OidcClient, OidcError, type OidcFailure } from './oidc'
import { hashPassword, passwordProblem, verifyPassword } from './passwords'
import {
  jsonOf,
  login,
  name,
  type PeopleRoutesOptions,
  personJson,
  problemOf,
  unavailable,
} from './route-parts'

class Attempts {
  private readonly byKey = new Map<string, number[]>()
  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}
  allowed(key: string, at: number): boolean {
    return this.waitMs(key, at) === 0
  }
  /** how long until `key` may try again (0: now) */
  waitMs(key: string, at: number): number {
    const recent = (this.byKey.get(key) ?? []).filter((t) => at - t < this.windowMs)
    return recent.length < this.limit ? 0 : this.windowMs - (at - recent[0]!)
  }
  failed(key: string, at: number) {
    if (this.byKey.size >= 10_000) this.byKey.delete(this.byKey.keys().next().value!)
    const recent = (this.byKey.get(key) ?? []).filter((t) => at - t < this.windowMs)
    recent.push(at)
    this.byKey.delete(key)
    this.byKey.set(key, recent.slice(-this.limit))
  }
}

/** Where to go after signing in: a path of this app only (never "//elsewhere"). */
const safeNext = (next: string | undefined) =>
  next && next.length <= 500 ? pathOfThisApp(next, '/machines') : '/machines'

/** Signing in and out (with a password, or at the factory's identity provider), who this browser is, and
 * the first administrator. */
export function authRoutes(app: Hono, options: PeopleRoutesOptions) {
  const { guard, now } = options
  const perClient = new Attempts(10, 60_000)
  const perLogin = new Attempts(5, 15 * 60_000)

  /** Keeps an access event (sign-in, sign-out, the first administrator). */
  const access = async (
    c: Context,
    audit: AuditLog,
    caller: Caller,
    event: string,
    target: string,
    status: number,
    detail: Record<string, unknown> = {},
  ) =>
    audit
      .record({
        at: now(),
        ...actorOf(caller, ''),
        address: options.address(c),
        category: 'access',
        event,
        target,
        result:
          status < 400 ? 'ok' : status === 401 || status === 403 || status === 429 ? 'refused' : 'failed',
        status,
        detail,
      })
      .catch(() => {})

  app.get('/api/auth/me', async (c) => {
    c.header('Cache-Control', 'no-store')
    const parts = options.parts()
    const caller = await guard.resolve(c)
    const accounts = await guard.accounts()
    return c.json({
      accounts,
      ready: parts !== null,
      person: caller.kind === 'person' ? personJson(caller.person) : null,
      // before accounts, whether changes of settings are possible at all (with ADMIN_TOKEN)
      adminToken: !accounts && options.adminToken !== null,
      // signing in at the factory's identity provider: its name (its host), or null
      oidc: options.oidc?.name ?? null,
      // the enrolled device this browser is (people identify on a floor device with their PIN)
      device: caller.kind === 'device' ? deviceJson(caller.device) : null,
    })
  })

  // ---- the factory's identity provider (OpenID Connect) ----

  const OIDC_COOKIE = 'stitchboard_oidc'
  const cookiePath = options.basePath || '/'
  /** Back to the sign-in page, which says why in the person's language. */
  const failedTo = (c: Context, failure: OidcFailure) =>
    c.redirect(`${options.basePath}/sign-in?failed=${failure}`, 303)

  app.get('/api/auth/oidc/start', async (c) => {
    const oidc = options.oidc
    const parts = options.parts()
    if (!oidc)
      return c.json({ error: 'This stitchboard signs in with its own accounts only (no OIDC_ISSUER)' }, 404)
    if (!parts) return unavailable(c)
    const next = safeNext(c.req.query('next'))
    let started: Awaited<ReturnType<OidcClient['start']>>
    try {
      started = await oidc.start()
    } catch (error) {
      return failedTo(c, error instanceof OidcError ? error.failure : 'failed')
    }
    await parts.people.keepOidcLogin({ ...started, next }, now())
    // the browser that started is the one that may finish (a state arriving in another is refused)
    setCookie(c, OIDC_COOKIE, started.state, {
      httpOnly: true,
      sameSite: 'Lax',
      path: cookiePath,
      maxAge: 600,
      secure: options.isHttps(c),
    })
    c.header('Cache-Control', 'no-store')
    return c.redirect(started.url, 302)
  })

  app.get('/api/auth/oidc/callback', async (c) => {
    const oidc = options.oidc
    const parts = options.parts()
    if (!oidc)
      return c.json({ error: 'This stitchboard signs in with its own accounts only (no OIDC_ISSUER)' }, 404)
    if (!parts) return unavailable(c)
    const query = new URL(c.req.url).searchParams
    const state = query.get('state') ?? ''
    const mine = getCookie(c, OIDC_COOKIE)
    deleteCookie(c, OIDC_COOKIE, { path: cookiePath })
    const refuse = async (failure: OidcFailure, why: string) => {
      await access(c, parts.audit, { kind: 'anonymous' }, 'sign-in', 'identity provider', 401, {
        via: 'oidc',
        failure,
        why: why.slice(0, 300),
      })
      return failedTo(c, failure)
    }
    if (!state || state !== mine) return refuse('state', 'the state is not the one this browser was given')
    const kept = await parts.people.takeOidcLogin(state, now())
    if (!kept) return refuse('state', 'no sign-in under way has this state (or it is older than 10 minutes)')
    let who: Awaited<ReturnType<OidcClient['finish']>>
    try {
      who = await oidc.finish(query, { state, verifier: kept.verifier, nonce: kept.nonce })
    } catch (error) {
      return error instanceof OidcError
        ? refuse(error.failure, error.message)
        : refuse('failed', String(error))
    }
    const person = await parts.people.fromProvider(who, now())
    if (!person.active) return refuse('switched-off', `${person.login} is switched off in stitchboard`)
    await guard.endOwnSession(c, parts.people, 'a new sign-in')
    await guard.signIn(c, parts.people, person)
    await access(c, parts.audit, { kind: 'person', person, sessionId: 0 }, 'sign-in', person.login, 200, {
      via: 'oidc',
    })
    return c.redirect(`${options.basePath}${kept.next}`, 303)
  })

  app.post('/api/auth/sign-in', async (c) => {
    const parts = options.parts()
    if (!parts) return unavailable(c)
    const body = await jsonOf(c)
    if (!body.ok) return body.response
    const given = z.object({ login: z.string().max(64), password: z.string().max(400) }).safeParse(body.value)
    if (!given.success) return c.json({ error: 'Send {"login": "…", "password": "…"}' }, 400)
    const at = now()
    const client = options.address(c)
    const key = given.data.login.trim().toLowerCase()
    const lockedMs = perLogin.waitMs(key, at)
    const waitMs = Math.max(lockedMs, perClient.waitMs(client, at))
    if (waitMs > 0) {
      await access(c, parts.audit, { kind: 'anonymous' }, 'sign-in', key, 429, {
        why: lockedMs > 0 ? 'login locked' : 'too many attempts from this client',
      })
      const minutes = Math.ceil(waitMs / 60_000)
      return c.json(
        {
          error:
            lockedMs > 0
              ? `This login is locked after 5 wrong passwords: try again in ${minutes} min`
              : `Too many wrong attempts from here: try again in ${minutes} min`,
          reason: lockedMs > 0 ? 'locked' : 'too-many',
          minutes,
        },
        429,
        { 'Retry-After': String(Math.ceil(waitMs / 1000)) },
      )
    }
    const found = await parts.people.withPassword(key)
    const right = await verifyPassword(given.data.password, found?.hash ?? null)
    if (!found || !right || !found.person.active) {
      perClient.failed(client, at)
      perLogin.failed(key, at)
      await access(c, parts.audit, { kind: 'anonymous' }, 'sign-in', key, 401, {
        why: !found ? 'no such login' : !right ? 'wrong password' : 'switched off',
      })
      return c.json({ error: 'The login or the password is not right' }, 401)
    }
    // a new session at every sign-in; one the browser had is ended
    await guard.endOwnSession(c, parts.people, 'a new sign-in')
    await guard.signIn(c, parts.people, found.person)
    await access(c, parts.audit, { kind: 'person', person: found.person, sessionId: 0 }, 'sign-in', key, 200)
    return c.json({ person: personJson(found.person) })
  })

  app.post('/api/auth/sign-out', async (c) => {
    const parts = options.parts()
    if (!parts) return unavailable(c)
    const caller = await guard.resolve(c)
    await guard.signOut(c, parts.people, 'signed out')
    if (caller.kind === 'person') await access(c, parts.audit, caller, 'sign-out', caller.person.login, 200)
    return c.json({ signedOut: caller.kind === 'person' })
  })

  app.post('/api/auth/first-admin', async (c) => {
    const parts = options.parts()
    if (!parts) return unavailable(c)
    const body = await jsonOf(c)
    if (!body.ok) return body.response
    const parsed = z
      .object({ code: z.string().max(40), login, name, password: z.string() })
      .strict()
      .safeParse(body.value)
    if (!parsed.success) return c.json({ error: problemOf(parsed.error, 'The first administrator') }, 400)
    const weak = passwordProblem(parsed.data.password)
    if (weak) return c.json({ error: `The first administrator: ${weak}` }, 400)
    const at = now()
    const client = options.address(c)
    if (!perClient.allowed(client, at))
      return c.json({ error: 'Too many wrong attempts: wait a few minutes, then try again' }, 429, {
        'Retry-After': '60',
      })
    const made = await parts.people.firstAdmin(
      parsed.data.code,
      {
        login: parsed.data.login,
        name: parsed.data.name,
        passwordHash: await hashPassword(parsed.data.password),
      },
      at,
    )
    if (made === 'admin-exists') {
      await access(c, parts.audit, { kind: 'anonymous' }, 'first administrator', parsed.data.login, 409)
      return c.json({ error: 'stitchboard has an administrator already: sign in, or ask them' }, 409)
    }
    if (made === 'no-code') {
      perClient.failed(client, at)
      await access(c, parts.audit, { kind: 'anonymous' }, 'first administrator', parsed.data.login, 403, {
        why: 'wrong or expired code',
      })
      return c.json(
        { error: 'The code is not right or has expired: use the one the server printed at its last start' },
        403,
      )
    }
    await guard.signIn(c, parts.people, made)
    await access(
      c,
      parts.audit,
      { kind: 'person', person: made, sessionId: 0 },
      'first administrator',
      made.login,
      200,
    )
    return c.json({ person: personJson(made) })
  })
}
