import type { Context, Hono } from 'hono'
import * as z from 'zod'
import { isRole, ROLES } from '../../src/lib/roles'
import type { AuditLog } from '../audit/log'
import { readBodyLimited } from '../proxy/request-body'
import { actorOf, type Caller, callerOf, type PeopleGuard } from './guard'
import { hashPassword, passwordProblem, verifyPassword } from './passwords'
import { PeopleError, type PeopleStore, type Person } from './store'

const MAX_BODY_BYTES = 8 * 1024
const MAX_AUDIT_DAYS = 92
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
const CONTROL = /[\u0000-\u001f\u007f]/

const login = z
  .string()
  .trim()
  .regex(/^[\p{L}\p{N}._@-]{2,64}$/u, 'is 2–64 letters, digits or . _ @ -')
const name = z
  .string()
  .trim()
  .min(1, 'is empty')
  .max(60, 'is longer than 60 characters')
  .refine((s) => !CONTROL.test(s), 'holds control characters')
const locations = z
  .array(
    z
      .number()
      .int()
      .min(0)
      .max(2 ** 31 - 1),
  )
  .max(200)
const role = z.string().refine(isRole, `is not one of ${ROLES.join(', ')}`)

const newPerson = z
  .object({ login, name, role, locations: locations.default([]), password: z.string() })
  .strict()
const personChange = z
  .object({
    name: name.optional(),
    role: role.optional(),
    locations: locations.optional(),
    active: z.boolean().optional(),
    password: z.string().optional(),
  })
  .strict()

const problemOf = (error: z.ZodError, what: string) => {
  const issue = error.issues[0]
  return `${what}: ${issue?.path.join('.') || 'the body'} ${issue?.message ?? 'is not right'}`
}

/** A person as the pages see them (never a hash). */
const personJson = (p: Person) => ({
  id: p.id,
  login: p.login,
  name: p.name,
  role: p.role,
  locations: p.locations,
  active: p.active,
  createdAt: p.createdAt,
  createdBy: p.createdBy,
})

/** Attempts at signing in: per client a burst of 10, then one every 6 s; per login 5 wrong passwords in
 * 15 minutes, then that login waits (whoever tries it). Both bounded in entries. */
class Attempts {
  private readonly byKey = new Map<string, number[]>()
  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}
  allowed(key: string, at: number): boolean {
    const recent = (this.byKey.get(key) ?? []).filter((t) => at - t < this.windowMs)
    return recent.length < this.limit
  }
  failed(key: string, at: number) {
    if (this.byKey.size >= 10_000) this.byKey.delete(this.byKey.keys().next().value!)
    const recent = (this.byKey.get(key) ?? []).filter((t) => at - t < this.windowMs)
    recent.push(at)
    this.byKey.delete(key)
    this.byKey.set(key, recent.slice(-this.limit))
  }
}

export interface PeopleRoutesOptions {
  parts: () => { people: PeopleStore; audit: AuditLog } | null
  guard: PeopleGuard
  address: (c: Context) => string
  adminToken: string | null
  idleMs: number
  now: () => number
}

async function jsonOf(c: Context): Promise<{ ok: true; value: unknown } | { ok: false; response: Response }> {
  const body = await readBodyLimited(c.req.raw, MAX_BODY_BYTES)
  if (!body.ok) return { ok: false, response: c.json({ error: 'The body may be at most 8 KiB' }, 413) }
  try {
    return { ok: true, value: JSON.parse(body.text) as unknown }
  } catch {
    return { ok: false, response: c.json({ error: 'The body is not JSON' }, 400) }
  }
}

/** Signing in and out, the first administrator, the people and their sessions, and the audit log. */
export function peopleRoutes(app: Hono, options: PeopleRoutesOptions) {
  const { guard, now } = options
  const perClient = new Attempts(10, 60_000)
  const perLogin = new Attempts(5, 15 * 60_000)

  const unavailable = (c: Context) =>
    c.json({ error: 'Signing in needs the history’s database, which is not ready yet' }, 503)

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
    if (!perClient.allowed(client, at) || !perLogin.allowed(key, at)) {
      await access(c, parts.audit, { kind: 'anonymous' }, 'sign-in', key, 429, { why: 'too many attempts' })
      return c.json({ error: 'Too many wrong attempts: wait a few minutes, then try again' }, 429, {
        'Retry-After': '60',
      })
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

  // ---- people (an administrator's; the guard checks the writes, these GETs check themselves) ----

  const peopleOf = (_c: Context) => options.parts()?.people ?? null
  const failed = (c: Context, error: unknown) => {
    if (error instanceof PeopleError) return c.json({ error: error.message }, error.status)
    throw error
  }
  const byOf = (c: Context) => {
    const caller = callerOf(c)
    return caller.kind === 'person' ? caller.person.name : 'admin token'
  }

  app.get('/api/people', async (c) => {
    c.header('Cache-Control', 'no-store')
    const people = peopleOf(c)
    if (!people) return unavailable(c)
    const refusal = await guard.authorise(c, 'admin', 'People')
    if (refusal) return refusal
    const at = now()
    const [list, sessions] = await Promise.all([people.list(), people.sessions(at, options.idleMs)])
    const caller = callerOf(c)
    return c.json({
      people: list.map(personJson),
      sessions: sessions.map((s) => ({ ...s, yours: caller.kind === 'person' && caller.sessionId === s.id })),
    })
  })

  app.post('/api/people', async (c) => {
    const people = peopleOf(c)
    if (!people) return unavailable(c)
    const body = await jsonOf(c)
    if (!body.ok) return body.response
    const parsed = newPerson.safeParse(body.value)
    if (!parsed.success) return c.json({ error: problemOf(parsed.error, 'The person cannot be added') }, 400)
    const weak = passwordProblem(parsed.data.password)
    if (weak) return c.json({ error: `The person cannot be added: ${weak}` }, 400)
    const { password, ...person } = parsed.data
    try {
      const added = await people.add(
        { ...person, role: person.role as Person['role'], passwordHash: await hashPassword(password) },
        byOf(c),
        now(),
      )
      return c.json({ person: personJson(added) })
    } catch (error) {
      return failed(c, error)
    }
  })

  app.post('/api/people/:id', async (c) => {
    const people = peopleOf(c)
    if (!people) return unavailable(c)
    const id = c.req.param('id')
    if (!/^\d{1,15}$/.test(id)) return c.json({ error: 'Not a person’s ID' }, 400)
    const body = await jsonOf(c)
    if (!body.ok) return body.response
    const parsed = personChange.safeParse(body.value)
    if (!parsed.success)
      return c.json({ error: problemOf(parsed.error, 'The person cannot be changed') }, 400)
    const { password, ...change } = parsed.data
    if (password !== undefined) {
      const weak = passwordProblem(password)
      if (weak) return c.json({ error: `The person cannot be changed: ${weak}` }, 400)
    }
    try {
      const changed = await people.change(
        Number(id),
        {
          ...(change.name !== undefined ? { name: change.name } : {}),
          ...(change.role !== undefined ? { role: change.role as Person['role'] } : {}),
          ...(change.locations !== undefined ? { locations: change.locations } : {}),
          ...(change.active !== undefined ? { active: change.active } : {}),
          ...(password !== undefined ? { passwordHash: await hashPassword(password) } : {}),
        },
        now(),
      )
      return c.json({ person: personJson(changed) })
    } catch (error) {
      return failed(c, error)
    }
  })

  app.post('/api/people/:id/end-sessions', async (c) => {
    const people = peopleOf(c)
    if (!people) return unavailable(c)
    const id = c.req.param('id')
    if (!/^\d{1,15}$/.test(id)) return c.json({ error: 'Not a person’s ID' }, 400)
    return c.json({ ended: await people.endSessions({ personId: Number(id) }, now(), byOf(c)) })
  })

  app.post('/api/sessions/:id/end', async (c) => {
    const people = peopleOf(c)
    if (!people) return unavailable(c)
    const id = c.req.param('id')
    if (!/^\d{1,15}$/.test(id)) return c.json({ error: 'Not a session’s ID' }, 400)
    const ended = await people.endSessions({ sessionId: Number(id) }, now(), byOf(c))
    if (ended === 0) return c.json({ error: `No live session ${id}` }, 404)
    return c.json({ ended })
  })

  app.post('/api/sessions/end-all', async (c) => {
    const people = peopleOf(c)
    if (!people) return unavailable(c)
    return c.json({ ended: await people.endSessions('all', now(), byOf(c)) })
  })

  // ---- the audit log ----

  app.get('/api/audit', async (c) => {
    c.header('Cache-Control', 'no-store')
    const parts = options.parts()
    if (!parts) return unavailable(c)
    const refusal = await guard.authorise(c, 'admin', 'The audit log')
    if (refusal) return refusal
    const q = z
      .object({
        from: z.coerce.number().int().min(0),
        till: z.coerce.number().int().min(0),
        category: z.enum(['access', 'stops', 'plan', 'alerts', 'reports', 'people', 'backup']).optional(),
        actor: z.string().max(60).optional(),
        result: z.enum(['ok', 'refused', 'failed']).optional(),
        before: z.coerce.number().int().min(1).optional(),
        limit: z.coerce.number().int().min(1).max(500).default(100),
      })
      .strict()
      .safeParse(c.req.query())
    if (!q.success) return c.json({ error: problemOf(q.error, 'The audit log cannot be read') }, 400)
    const { from, till, before, ...filters } = q.data
    if (till <= from) return c.json({ error: 'Parameter from must be before till' }, 400)
    if (till - from > MAX_AUDIT_DAYS * 86_400_000)
      return c.json({ error: `The range is longer than ${MAX_AUDIT_DAYS} days; ask for a shorter one` }, 400)
    const entries = await parts.audit.list({
      from,
      till,
      ...filters,
      ...(before ? { beforeId: before } : {}),
    })
    return c.json({ entries, more: entries.length === filters.limit })
  })
}
