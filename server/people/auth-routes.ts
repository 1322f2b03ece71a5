import type { Context, Hono } from 'hono'
import * as z from 'zod'
import type { AuditLog } from '../audit/log'
import { actorOf, type Caller } from './guard'
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

/** Signing in and out, who this browser is, and the first administrator. */
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
    })
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
