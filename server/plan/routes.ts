import type { Context, Hono } from 'hono'
import * as z from 'zod'
import { localDateKey, parseDayKey } from '../../src/lib/factory-time'
import { MAX_REJECTS, MAX_TARGET, type TargetRow } from '../../src/lib/plan-targets'
import { shiftWindow } from '../../src/lib/shift-window'
import type { NamedShift } from '../../src/lib/time-range'
import { jsonBody } from '../stops/routes'
import { bodyError, personName } from '../stops/settings'
import { dayRangeError, validDay } from './day-range'
import { MAX_RESULT_DAYS, type ShiftResults } from './results'
import type { PlanStore } from './store'

export interface PlanOptions {
  /** null when the request carries ADMIN_TOKEN; otherwise the refusal (shared with the other settings) */
  /** whether the asker may change the targets (server/people/guard.ts checks each change) */
  canChange: (c: Context) => Promise<boolean>
  shiftNames: readonly string[]
  /** the shifts themselves: rejects are entered for a shift that has begun */
  shifts: readonly NamedShift[]
  timeZone: string
  now: () => number
}

/** What a history brings of the plan: its store and the shifts' results. */
export type PlanParts = { plan?: PlanStore; shiftResults?: ShiftResults }
export type PlanState = PlanParts | { unavailable: string }

const MAX_BODY_BYTES = 4 * 1024
/** Longest range of rejects asked at once (a year and a month of shift pages). */
const MAX_REJECT_DAYS = 400

const count = (max: number) =>
  z
    .number({ error: 'is not a number' })
    .int('is not a whole number')
    .min(0, 'is negative')
    .max(max, `is larger than ${max.toLocaleString('en')}`)

const scopeSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('all') }).strict(),
    z
      .object({
        kind: z.literal('location'),
        id: z
          .number()
          .int()
          .min(0)
          .max(2 ** 31 - 1),
      })
      .strict(),
    z.object({ kind: z.literal('machine'), id: z.string().min(1).max(128) }).strict(),
  ],
  { error: 'is not all machines, a location (id) or a machine (id)' },
)

const targetBody = (shifts: readonly string[]) =>
  z
    .object({
      shift: z
        .string()
        .refine((s) => shifts.includes(s), `is not one of this factory's shifts (${shifts.join(', ')})`),
      weekday: z.nullable(
        z.number().int().min(1, 'is not 1 (Monday) – 7 (Sunday)').max(7, 'is not 1 (Monday) – 7 (Sunday)'),
      ),
      scope: scopeSchema,
      pieces: z.nullable(count(MAX_TARGET)),
      stitches: z.nullable(count(MAX_TARGET)),
      by: personName,
    })
    .strict()

const rejectsBody = (shifts: readonly string[]) =>
  z
    .object({
      shift: z
        .string()
        .refine((s) => shifts.includes(s), `is not one of this factory's shifts (${shifts.join(', ')})`),
      day: z.string().refine(validDay, 'is not a day YYYY-MM-DD'),
      locationId: z.nullable(
        z
          .number()
          .int()
          .min(0)
          .max(2 ** 31 - 1),
      ),
      rejects: count(MAX_REJECTS),
      by: personName,
    })
    .strict()

const targetJson = (t: TargetRow) => t

/** The plan's routes: the targets (changed only with ADMIN_TOKEN, every change kept) and the rejects
 * entered per shift (by name, as a reason is). */
export function planRoutes(app: Hono, stateOf: () => PlanState, options: PlanOptions) {
  const storeOf = (): PlanStore | string => {
    const state = stateOf()
    if ('unavailable' in state) return state.unavailable
    return state.plan ?? 'this server keeps no plan'
  }
  app.use('/api/plan/*', async (c, next) => {
    c.header('Cache-Control', 'no-store')
    const store = storeOf()
    if (typeof store === 'string') {
      // without a history there are no targets or rejects: normal answers that say so (every page reads them)
      if (c.req.method === 'GET' && c.req.path === '/api/plan/targets')
        return c.json({ available: false, reason: store, targets: [], canChange: false })
      if (c.req.method === 'GET' && c.req.path === '/api/plan/rejects')
        return c.json({ available: false, reason: store, rejects: [] })
      if (c.req.method === 'GET' && c.req.path === '/api/plan/shifts')
        return c.json({ available: false, reason: store, shifts: [] })
      return c.json({ error: `No plan: ${store}` }, 503)
    }
    await next()
  })
  const store = () => storeOf() as PlanStore

  app.get('/api/plan/targets', async (c) =>
    c.json({ targets: (await store().targets()).map(targetJson), canChange: await options.canChange(c) }),
  )

  app.post('/api/plan/targets', async (c) => {
    const body = await jsonBody(c, MAX_BODY_BYTES)
    if (!body.ok) return body.response
    const parsed = targetBody(options.shiftNames).safeParse(body.value)
    if (!parsed.success) return c.json({ error: bodyError(parsed.error, 'The target cannot be set') }, 400)
    const at = options.now()
    const { by, ...target } = parsed.data
    const saved = await store().addTarget({ ...target, validFrom: at, by, at })
    return c.json({ target: targetJson(saved) })
  })

  app.get('/api/plan/rejects', async (c) => {
    const from = c.req.query('from') ?? ''
    const till = c.req.query('till') ?? ''
    const wrong = dayRangeError(from, till, MAX_REJECT_DAYS, true)
    if (wrong) return c.json({ error: wrong }, 400)
    return c.json({ rejects: await store().rejects(from, till) })
  })

  // every shift that ended on the days asked, against its target, with OEE and where it lost most
  app.get('/api/plan/shifts', async (c) => {
    const from = c.req.query('from') ?? ''
    const till = c.req.query('till') ?? ''
    const wrong = dayRangeError(from, till, MAX_RESULT_DAYS)
    if (wrong) return c.json({ error: wrong }, 400)
    const state = stateOf()
    const results = 'unavailable' in state ? undefined : state.shiftResults
    if (!results) return c.json({ error: 'No shift results: this server keeps no history' }, 503)
    try {
      return c.json({ shifts: await results.between(from, till) })
    } catch (error) {
      return c.json({ error: `The shifts' results cannot be worked out: ${(error as Error).message}` }, 502)
    }
  })

  app.post('/api/plan/rejects', async (c) => {
    const body = await jsonBody(c, MAX_BODY_BYTES)
    if (!body.ok) return body.response
    const parsed = rejectsBody(options.shiftNames).safeParse(body.value)
    if (!parsed.success)
      return c.json({ error: bodyError(parsed.error, 'The rejects cannot be entered') }, 400)
    const at = options.now()
    const today = localDateKey(Math.floor(at / 1000), options.timeZone)
    if (parsed.data.day > today)
      return c.json(
        {
          error: `The rejects cannot be entered: day ${parsed.data.day} is in the future (today is ${today})`,
        },
        400,
      )
    const shift = options.shifts.find((s) => s.name === parsed.data.shift)
    if (shift && shiftWindow(shift, parseDayKey(parsed.data.day), options.timeZone)[0] * 1000 > at)
      return c.json(
        {
          error: `The rejects cannot be entered: the ${shift.name} shift of ${parsed.data.day} has not begun (it begins at ${shift.from})`,
        },
        400,
      )
    const saved = await store().addRejects({ ...parsed.data, at })
    return c.json({ rejects: saved })
  })
}
