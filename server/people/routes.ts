import type { Context, Hono } from 'hono'
import * as z from 'zod'
import { toCsv } from '../../src/lib/csv'
import { actorOf } from './actor'
import { callerOf, changedBy } from './guard'
import { hashPassword, passwordProblem } from './passwords'
import {
  jsonOf,
  MAX_AUDIT_DAYS,
  MAX_EXPORT_ROWS,
  newPerson,
  type PeopleRoutesOptions,
  personChange,
  personJson,
  problemOf,
  unavailable,
} from './route-parts'
import { PeopleError, type Person } from './store'

export type { PeopleRoutesOptions } from './route-parts'

/** The people and their sessions (an administrator's: the guard checks the writes, the GETs check
 * themselves), and the audit log with its export. */
export function peopleRoutes(app: Hono, options: PeopleRoutesOptions) {
  const { guard, now } = options
  // ---- people (an administrator's; the guard checks the writes, these GETs check themselves) ----

  const peopleOf = () => options.parts()?.people ?? null
  const failed = (c: Context, error: unknown) => {
    if (error instanceof PeopleError) return c.json({ error: error.message }, error.status)
    throw error
  }

  app.get('/api/people', async (c) => {
    c.header('Cache-Control', 'no-store')
    const people = peopleOf()
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
    const people = peopleOf()
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
        changedBy(c),
        now(),
      )
      return c.json({ person: personJson(added) })
    } catch (error) {
      return failed(c, error)
    }
  })

  app.post('/api/people/:id', async (c) => {
    const people = peopleOf()
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
          ...(change.vendorOperatorId !== undefined ? { vendorOperatorId: change.vendorOperatorId } : {}),
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
    const people = peopleOf()
    if (!people) return unavailable(c)
    const id = c.req.param('id')
    if (!/^\d{1,15}$/.test(id)) return c.json({ error: 'Not a person’s ID' }, 400)
    return c.json({ ended: await people.endSessions({ personId: Number(id) }, now(), changedBy(c)) })
  })

  app.post('/api/sessions/:id/end', async (c) => {
    const people = peopleOf()
    if (!people) return unavailable(c)
    const id = c.req.param('id')
    if (!/^\d{1,15}$/.test(id)) return c.json({ error: 'Not a session’s ID' }, 400)
    const ended = await people.endSessions({ sessionId: Number(id) }, now(), changedBy(c))
    if (ended === 0) return c.json({ error: `No live session ${id}` }, 404)
    return c.json({ ended })
  })

  app.post('/api/sessions/end-all', async (c) => {
    const people = peopleOf()
    if (!people) return unavailable(c)
    return c.json({ ended: await people.endSessions('all', now(), changedBy(c)) })
  })

  // ---- the audit log ----

  /** The audit log's query (both the page's and the export's), or the refusal in words. */
  const auditQuery = (c: Context, maxLimit: number) => {
    const q = z
      .object({
        from: z.coerce.number().int().min(0),
        till: z.coerce.number().int().min(0),
        category: z.enum(['access', 'stops', 'plan', 'alerts', 'reports', 'people', 'backup']).optional(),
        actor: z.string().max(60).optional(),
        result: z.enum(['ok', 'refused', 'failed']).optional(),
        before: z.coerce.number().int().min(1).optional(),
        limit: z.coerce.number().int().min(1).max(maxLimit).default(Math.min(100, maxLimit)),
      })
      .strict()
      .safeParse(c.req.query())
    if (!q.success) return { error: problemOf(q.error, 'The audit log cannot be read') }
    const { from, till, before, category, actor, result, limit } = q.data
    if (till <= from) return { error: 'Parameter from must be before till' }
    if (till - from > MAX_AUDIT_DAYS * 86_400_000)
      return { error: `The range is longer than ${MAX_AUDIT_DAYS} days; ask for a shorter one` }
    return {
      query: {
        from,
        till,
        limit,
        ...(category ? { category } : {}),
        ...(actor ? { actor } : {}),
        ...(result ? { result } : {}),
        ...(before ? { beforeId: before } : {}),
      },
    }
  }

  app.get('/api/audit', async (c) => {
    c.header('Cache-Control', 'no-store')
    const parts = options.parts()
    if (!parts) return unavailable(c)
    const refusal = await guard.authorise(c, 'admin', 'The audit log')
    if (refusal) return refusal
    const asked = auditQuery(c, 500)
    if ('error' in asked) return c.json({ error: asked.error }, 400)
    const entries = await parts.audit.list(asked.query)
    return c.json({ entries, more: entries.length === asked.query.limit })
  })

  // the same as CSV for a spreadsheet (at most 50,000 entries), itself kept in the log: who took a copy
  app.get('/api/audit/export', async (c) => {
    c.header('Cache-Control', 'no-store')
    const parts = options.parts()
    if (!parts) return unavailable(c)
    const refusal = await guard.authorise(c, 'admin', 'The audit log')
    if (refusal) return refusal
    const asked = auditQuery(c, MAX_EXPORT_ROWS)
    if ('error' in asked) return c.json({ error: asked.error }, 400)
    const limit = c.req.query('limit') ? asked.query.limit : MAX_EXPORT_ROWS
    const entries = await parts.audit.list({ ...asked.query, limit })
    const caller = callerOf(c)
    await parts.audit
      .record({
        at: now(),
        ...actorOf(caller, ''),
        address: options.address(c),
        category: 'access',
        event: 'audit log exported',
        target: c.req.path,
        result: 'ok',
        status: 200,
        detail: { asked: c.req.query(), rows: entries.length },
      })
      .catch(() => {})
    const csv = toCsv(
      [
        'id',
        'at (UTC)',
        'actor',
        'role',
        'via',
        'device',
        'address',
        'category',
        'event',
        'target',
        'result',
        'status',
        'detail',
      ],
      entries.map((e) => [
        e.id,
        new Date(e.at).toISOString(),
        e.actor,
        e.role ?? '',
        e.via,
        e.device ?? '',
        e.address,
        e.category,
        e.event,
        e.target,
        e.result,
        e.status,
        JSON.stringify(e.detail),
      ]),
    )
    const day = new Date(asked.query.till).toISOString().slice(0, 10)
    return c.body(csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="stitchboard-audit-${day}.csv"`,
    })
  })
}
