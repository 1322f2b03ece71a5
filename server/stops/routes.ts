import type { Context, Hono } from 'hono'
import type { StopPart } from '../../src/lib/stop-parts'
import { defaultStopSettings } from '../../src/lib/stop-reasons'
import { readBodyLimited } from '../proxy/request-body'
import type { StopBook } from './book'
import {
  bodyError,
  checkSettings,
  personName,
  plannedStopSchema,
  reasonBodySchema,
  splitBodySchema,
} from './settings'
import { StopError } from './stop-error'

export interface StopsOptions {
  /** whether the asker may change the settings (server/people/guard.ts checks each change) */
  canChange: (c: Context) => Promise<boolean>
  /** whether the asker may plan stops and cancel planned ones */
  canPlan: (c: Context) => Promise<boolean>
  shiftNames: readonly string[]
}

/** What the routes use of a running history: the book, and the alerts (a reason given to a machine's
 * stop also says "I'm on it" to its open alert). */
export type StopsState =
  | { stops?: StopBook; alerts?: { onStopReason(part: StopPart, by: string): Promise<void> } }
  | { unavailable: string }

interface StopsContext extends StopsOptions {
  book: StopBook
  onReason?: (part: StopPart, by: string) => Promise<void>
}

/** Longest range of the stops list (as the factory timeline). */
export const MAX_STOPS_RANGE_DAYS = 7
const MAX_BODY_BYTES = 16 * 1024
const MAX_SETTINGS_BYTES = 64 * 1024
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
const MACHINE_ID = /^[^\u0000-\u001f\u007f/?#]{1,128}$/u

/** A part as the browsers read it (the contract of src/api/stops/stops.ts). */
const partJson = (p: StopPart) => ({
  machineId: p.machineId,
  start: p.start,
  end: p.end,
  ongoing: p.ongoing,
  stopStart: p.stopStart,
  codes: p.codes,
  atLeast: p.atLeast,
  reason: p.reason,
  source: p.source,
  by: p.by,
  givenAt: p.givenAt,
  comment: p.comment,
  plannedUntil: p.plannedUntil,
})

export async function jsonBody(
  c: Context,
  maxBytes: number,
): Promise<{ ok: true; value: unknown } | { ok: false; response: Response }> {
  const body = await readBodyLimited(c.req.raw, maxBytes)
  if (!body.ok)
    return { ok: false, response: c.json({ error: `The body may be at most ${maxBytes / 1024} KiB` }, 413) }
  try {
    return { ok: true, value: JSON.parse(body.text) as unknown }
  } catch {
    return { ok: false, response: c.json({ error: 'The body is not JSON' }, 400) }
  }
}

const failed = (c: Context, error: unknown) => {
  if (error instanceof StopError) return c.json({ error: error.message }, error.status)
  throw error
}

/** The stops' routes: the parts of a range with their reasons, what stands now, giving a reason, a split,
 * a stop's log, the settings and planned stops (changed only with ADMIN_TOKEN). */
export function stopRoutes(app: Hono, stateOf: () => StopsState, options: StopsOptions) {
  const stopsOf = (): StopsContext | { unavailable: string } => {
    const state = stateOf()
    if ('unavailable' in state) return state
    if (!state.stops) return { unavailable: 'this server keeps no stop reasons' }
    const alerts = state.alerts
    return {
      ...options,
      book: state.stops,
      ...(alerts ? { onReason: (part: StopPart, by: string) => alerts.onStopReason(part, by) } : {}),
    }
  }
  app.use('/api/stops/*', async (c, next) => {
    const context = stopsOf()
    c.header('Cache-Control', 'no-store')
    if ('unavailable' in context) {
      // what stands now and the settings are normal answers without a history (every page and the wall
      // read them; a browser logs every 503 as an error, and the wall would call its data stale)
      if (c.req.method === 'GET' && c.req.path === '/api/stops/current')
        return c.json({ available: false, reason: context.unavailable, at: Date.now(), parts: [] })
      if (c.req.method === 'GET' && c.req.path === '/api/stops/settings')
        return c.json({
          available: false,
          reason: context.unavailable,
          settings: defaultStopSettings(),
          planned: [],
          canChange: false,
          canPlan: false,
        })
      return c.json({ error: `No stop reasons: ${context.unavailable}` }, 503)
    }
    await next()
  })
  const ctx = () => stopsOf() as StopsContext

  app.get('/api/stops/parts', async (c) => {
    const from = c.req.query('from')
    const till = c.req.query('till')
    if (!from || !till || !/^\d{1,12}$/.test(from) || !/^\d{1,12}$/.test(till))
      return c.json({ error: 'Parameters from and till are required, as Unix seconds' }, 400)
    if (Number(from) >= Number(till)) return c.json({ error: 'Parameter from must be before till' }, 400)
    if (Number(till) - Number(from) > MAX_STOPS_RANGE_DAYS * 86_400)
      return c.json(
        { error: `The range is longer than ${MAX_STOPS_RANGE_DAYS} days; ask for a shorter one` },
        400,
      )
    const machinesParam = c.req.query('machines')
    const machines = machinesParam ? machinesParam.split(',') : null
    if (machines && (machines.length > 2000 || machines.some((m) => !MACHINE_ID.test(m))))
      return c.json({ error: 'Parameter machines is a comma-separated list of machine IDs' }, 400)
    const { book } = ctx()
    const fromMs = Number(from) * 1000
    const tillMs = Math.min(Number(till) * 1000, book.now())
    const parts = tillMs > fromMs ? await book.parts(machines, fromMs, tillMs) : []
    const settings = await book.settings()
    return c.json({
      from: fromMs,
      till: Math.max(fromMs, tillMs),
      thresholdMinutes: settings.thresholdMinutes,
      parts: parts.map(partJson),
    })
  })

  app.get('/api/stops/current', async (c) => {
    const { book } = ctx()
    const parts = await book.current()
    return c.json({ at: book.now(), parts: parts.map(partJson) })
  })

  app.get('/api/stops/log', async (c) => {
    const machineId = c.req.query('machine') ?? ''
    const start = c.req.query('start') ?? ''
    const end = c.req.query('end') ?? start
    if (!MACHINE_ID.test(machineId) || !/^\d{1,15}$/.test(start) || !/^\d{1,15}$/.test(end))
      return c.json({ error: 'Parameters machine, start and end (Unix ms) are required' }, 400)
    return c.json({ log: await ctx().book.log(machineId, Number(start), Number(end)) })
  })

  app.post('/api/stops/reason', async (c) => {
    const body = await jsonBody(c, MAX_BODY_BYTES)
    if (!body.ok) return body.response
    const parsed = reasonBodySchema.safeParse(body.value)
    if (!parsed.success) return c.json({ error: bodyError(parsed.error, 'The reason cannot be given') }, 400)
    const { book, onReason } = ctx()
    try {
      const result = await book.give({
        ...parsed.data,
        comment: parsed.data.comment ?? null,
        seen: parsed.data.seen ?? null,
      })
      await onReason?.(result.part, parsed.data.by).catch(() => {})
      return c.json({ part: partJson(result.part), replaced: result.replaced })
    } catch (error) {
      return failed(c, error)
    }
  })

  app.post('/api/stops/split', async (c) => {
    const body = await jsonBody(c, MAX_BODY_BYTES)
    if (!body.ok) return body.response
    const parsed = splitBodySchema.safeParse(body.value)
    if (!parsed.success) return c.json({ error: bodyError(parsed.error, 'The stop cannot be split') }, 400)
    try {
      return c.json({ parts: (await ctx().book.split(parsed.data)).map(partJson) })
    } catch (error) {
      return failed(c, error)
    }
  })

  app.get('/api/stops/settings', async (c) => {
    const { book, canChange, canPlan } = ctx()
    const [may, plan] = await Promise.all([canChange(c), canPlan(c)])
    const now = book.now()
    const [settings, planned] = await Promise.all([
      book.settings(),
      book.plannedBetween(now - 86_400_000, now + 366 * 86_400_000),
    ])
    return c.json({ settings, planned, canChange: may, canPlan: plan })
  })

  app.post('/api/stops/settings', async (c) => {
    const { book, shiftNames } = ctx()
    const body = await jsonBody(c, MAX_SETTINGS_BYTES)
    if (!body.ok) return body.response
    const { by, settings: input } = (body.value ?? {}) as { by?: unknown; settings?: unknown }
    const who = personName.safeParse(by)
    if (!who.success)
      return c.json({ error: 'Say who changes the settings: by, a name of 1–60 characters' }, 400)
    const checked = checkSettings(input, await book.settings(), shiftNames)
    if (!checked.ok) return c.json({ error: checked.error }, 400)
    await book.saveSettings(checked.settings, who.data)
    return c.json({ settings: checked.settings })
  })

  app.post('/api/stops/planned', async (c) => {
    const { book } = ctx()
    const body = await jsonBody(c, MAX_BODY_BYTES)
    if (!body.ok) return body.response
    const parsed = plannedStopSchema.safeParse(body.value)
    if (!parsed.success)
      return c.json({ error: bodyError(parsed.error, 'The planned stop cannot be kept') }, 400)
    const p = parsed.data
    if (p.till <= p.from) return c.json({ error: 'A planned stop ends after it starts' }, 400)
    if (p.till - p.from > 14 * 86_400_000)
      return c.json({ error: 'A planned stop lasts at most 14 days' }, 400)
    const reason = (await book.settings()).reasons.find((r) => r.id === p.reason)
    if (!reason || reason.retired || !reason.planned)
      return c.json({ error: `"${p.reason}" is not a planned reason in use` }, 400)
    const id = await book.addPlanned({ ...p, note: p.note?.trim() || null })
    return c.json({ id })
  })

  app.post('/api/stops/planned/:id/cancel', async (c) => {
    const { book } = ctx()
    const id = c.req.param('id')
    if (!/^\d{1,15}$/.test(id)) return c.json({ error: 'Not a planned stop ID' }, 400)
    const body = await jsonBody(c, MAX_BODY_BYTES)
    if (!body.ok) return body.response
    const who = personName.safeParse((body.value as { by?: unknown } | null)?.by)
    if (!who.success) return c.json({ error: 'Say who cancels it: by, a name of 1–60 characters' }, 400)
    if (!(await book.cancelPlanned(Number(id), who.data)))
      return c.json({ error: `No planned stop ${id} to cancel` }, 404)
    return c.json({ cancelled: Number(id) })
  })
}
