import type { Context, Hono } from 'hono'
import * as z from 'zod'
import type { MachineFacts } from '../../src/api/contract/to-domain'
import { applies, CHECK_KINDS, INTERVAL_KINDS, MAX_INTERVAL, WHOLE_KINDS } from '../../src/lib/maintenance'
import { reliabilityOf } from '../../src/lib/stop-figures'
import type { StopPart } from '../../src/lib/stop-parts'
import { jsonBody } from '../stops/routes'
import { bodyError, personName, typedText as text } from '../stops/settings'
import { entriesNow, overdueList } from './board'
import type { BreakCounter } from './breaks'
import { MaintenanceError, type MaintenanceStore, recordVerdict, verdicts } from './store'

/** The maintenance parts of a running history (server/start-history.ts). */
export interface MaintenanceParts {
  maintenance?: MaintenanceStore
  /** the machines as the watcher last saw them */
  machineFacts?: () => Promise<Map<string, MachineFacts>>
  /** the breaks since a time, for the tasks by breaks */
  maintenanceBreaks?: BreakCounter
}

/** What the reliability figures read of the history: a machine's intervals and its stop parts. */
interface ReliabilitySources {
  store?: {
    machineIntervals(
      machineId: string,
      from: number,
      till: number,
    ): Promise<Array<{ turning: boolean; reporting: boolean; startedAt: number; endedAt: number | null }>>
  }
  stops?: { parts(machines: readonly string[] | null, from: number, till: number): Promise<StopPart[]> }
}

/** Days the reliability figures look back at most. */
const MAX_RELIABILITY_DAYS = 90

export interface MaintenanceOptions {
  /** whether the asker may change the tasks (a supervisor) */
  canChange: (c: Context) => Promise<boolean>
  /** whether the asker may sign a task off (an operator) */
  canSignOff: (c: Context) => Promise<boolean>
  now: () => number
}

const MAX_BODY_BYTES = 16 * 1024
/** Sign-offs listed as done: the last 30 days, at most this many. */
const DONE_DAYS = 30
/** A task's name at most (a check's words made a task fit it). */
const MAX_TASK_NAME = 160
/** Days a check made a task is due within. */
const CHECK_TASK_DAYS = 1
const MAX_DONE = 500
/** Overdue tasks the wall's list reads at most (it says how many more there are). */
const MAX_OVERDUE = 50

const UNIT = {
  hours: 'running hours',
  stitches: 'stitches',
  days: 'days',
  breaks: 'thread breaks',
  once: 'days',
} as const
const interval = z
  .object({
    kind: z.enum(INTERVAL_KINDS, { error: `is not one of ${INTERVAL_KINDS.join(', ')}` }),
    value: z.number({ error: 'is not a number' }).refine(Number.isFinite, 'is not a finite number'),
  })
  .strict()
  .superRefine((i, ctx) => {
    if (i.value <= 0) ctx.addIssue({ code: 'custom', path: ['value'], message: 'is not more than 0' })
    else if (i.value > MAX_INTERVAL[i.kind])
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: `is more than ${MAX_INTERVAL[i.kind].toLocaleString('en')} ${UNIT[i.kind]}${WHOLE_KINDS.has(i.kind) ? '' : ' (10 years)'}: check the unit`,
      })
    else if (WHOLE_KINDS.has(i.kind) && !Number.isInteger(i.value))
      ctx.addIssue({ code: 'custom', path: ['value'], message: `is not a whole number of ${UNIT[i.kind]}` })
  })

const scope = z.union(
  [
    z.object({ all: z.literal(true) }).strict(),
    z.object({ locationId: z.number().int().min(0) }).strict(),
    z
      .object({
        machineIds: z
          .array(z.string().min(1).max(128))
          .min(1, 'is empty: choose at least one machine')
          .max(500),
      })
      .strict(),
  ],
  { error: 'is not all machines, a location or a list of machines' },
)

const taskFields = {
  name: text(MAX_TASK_NAME, false),
  scope,
  per: z.enum(['machine', 'head'], { error: 'is not machine or head' }),
  interval,
  note: text(500, true).default(''),
  by: personName,
}
const newTask = z.object(taskFields).strict()
const changedTask = z.union([
  z.object({ ...taskFields, version: z.number().int().positive() }).strict(),
  z.object({ remove: z.literal(true), version: z.number().int().positive(), by: personName }).strict(),
])
const verdict = z
  .object({
    machineId: z.string().min(1).max(128),
    kind: z.enum(CHECK_KINDS, { error: `is not one of ${CHECK_KINDS.join(', ')}` }),
    head: z.number().int().min(1).max(1000).nullable(),
    needle: z.number().int().min(1).max(1000).nullable(),
    right: z.boolean({ error: 'is not true or false' }),
    by: personName,
  })
  .strict()
  .refine(
    (v) =>
      (v.head !== null) === (v.kind === 'head' || v.kind === 'cell') &&
      (v.needle !== null) === (v.kind === 'needle' || v.kind === 'cell'),
    {
      message:
        'names a head and a needle that do not fit its kind (a needle check has no head, a head check no needle, a check of speed or a stretch neither)',
    },
  )
/** A check of the thread-break assistant made a task, once, within a day: its words name it. */
const checkTask = z
  .object({
    machineId: z.string().min(1).max(128),
    check: text(MAX_TASK_NAME, false),
    evidence: text(500, true).default(''),
    by: personName,
  })
  .strict()
const signOff = z
  .object({
    taskId: z.number().int().positive(),
    machineId: z.string().min(1).max(128),
    heads: z.array(z.number().int().min(1).max(1000)).min(1).max(1000).nullable().default(null),
    note: text(500, true).default(''),
    /** the last sign-off the person saw (null: none) */
    seen: z.number().int().positive().nullable(),
    by: personName,
  })
  .strict()

/** The maintenance routes: the tasks with where each stands on every machine and what was done lately, a
 * task added, changed or removed (a supervisor), and a sign-off (an operator). */
export function maintenanceRoutes(
  app: Hono,
  stateOf: () => (MaintenanceParts & ReliabilitySources) | { unavailable: string },
  options: MaintenanceOptions,
) {
  const partsOf = () => {
    const state = stateOf()
    if ('unavailable' in state) return state.unavailable
    if (!state.maintenance || !state.machineFacts) return 'this server keeps no maintenance tasks'
    return { store: state.maintenance, machineFacts: state.machineFacts, breaks: state.maintenanceBreaks }
  }
  const noStore = async (c: Context, next: () => Promise<void>) => {
    c.header('Cache-Control', 'no-store')
    await next()
  }
  app.use('/api/maintenance', noStore)
  app.use('/api/maintenance/*', noStore)
  const failed = (c: Context, error: unknown) => {
    if (error instanceof MaintenanceError) return c.json({ error: error.message }, error.status)
    throw error
  }

  app.get('/api/maintenance', async (c) => {
    const parts = partsOf()
    if (typeof parts === 'string')
      return c.json({
        available: false,
        reason: parts,
        tasks: [],
        entries: [],
        done: [],
        canChange: false,
        canSignOff: false,
      })
    const now = options.now()
    const [tasks, use, last, done, facts] = await Promise.all([
      parts.store.tasks(),
      parts.store.use(),
      parts.store.lastSignOffs(),
      parts.store.signOffsSince(now - DONE_DAYS * 86_400_000, MAX_DONE),
      parts.machineFacts().catch(() => null),
    ])
    if (!facts) return c.json({ error: 'The machines cannot be read from the production API now' }, 502)
    return c.json({
      available: true,
      tasks: tasks.map(({ createdAt: _at, ...task }) => task),
      entries: await entriesNow(tasks, facts, use, last, now, parts.breaks),
      done,
      canChange: await options.canChange(c),
      canSignOff: await options.canSignOff(c),
    })
  })

  // what is overdue now, the most overdue first: the wall's quiet list below the machines that need someone
  app.get('/api/maintenance/overdue', async (c) => {
    const parts = partsOf()
    if (typeof parts === 'string') return c.json({ available: false, reason: parts, overdue: [], count: 0 })
    const [tasks, use, last, facts] = await Promise.all([
      parts.store.tasks(),
      parts.store.use(),
      parts.store.lastSignOffs(),
      parts.machineFacts().catch(() => null),
    ])
    if (!facts) return c.json({ error: 'The machines cannot be read from the production API now' }, 502)
    const at = options.now()
    const overdue = overdueList(tasks, facts, await entriesNow(tasks, facts, use, last, at, parts.breaks))
    return c.json({ available: true, overdue: overdue.slice(0, MAX_OVERDUE), count: overdue.length })
  })

  app.post('/api/maintenance/tasks', async (c) => {
    const parts = partsOf()
    if (typeof parts === 'string') return c.json({ error: `No maintenance tasks: ${parts}` }, 503)
    const body = await jsonBody(c, MAX_BODY_BYTES)
    if (!body.ok) return body.response
    const parsed = newTask.safeParse(body.value)
    if (!parsed.success) return c.json({ error: bodyError(parsed.error, 'The task cannot be saved') }, 400)
    const { by, ...input } = parsed.data
    try {
      return c.json({ task: await parts.store.create(input, by, options.now()) }, 201)
    } catch (error) {
      return failed(c, error)
    }
  })

  app.post('/api/maintenance/tasks/:id', async (c) => {
    const parts = partsOf()
    if (typeof parts === 'string') return c.json({ error: `No maintenance tasks: ${parts}` }, 503)
    const id = Number(c.req.param('id'))
    if (!Number.isSafeInteger(id) || id <= 0)
      return c.json({ error: 'The task cannot be saved: its ID is not a number' }, 400)
    const body = await jsonBody(c, MAX_BODY_BYTES)
    if (!body.ok) return body.response
    const parsed = changedTask.safeParse(body.value)
    if (!parsed.success) return c.json({ error: bodyError(parsed.error, 'The task cannot be saved') }, 400)
    try {
      if ('remove' in parsed.data) {
        await parts.store.update(id, parsed.data.version, null, parsed.data.by, options.now())
        return c.json({ removed: id })
      }
      const { by, version, ...input } = parsed.data
      return c.json({ task: await parts.store.update(id, version, input, by, options.now()) })
    } catch (error) {
      return failed(c, error)
    }
  })

  // a machine's mean time between failures and to repair, from its stops with the reason "machine fault"
  app.get('/api/maintenance/reliability', async (c) => {
    const state = stateOf()
    if ('unavailable' in state || !state.store || !state.stops)
      return c.json({ error: 'No reliability figures: this server keeps no stops' }, 503)
    const machineId = c.req.query('machineId') ?? ''
    const days = Number(c.req.query('days') ?? '30')
    if (!/^[^\s,]{1,128}$/.test(machineId))
      return c.json({ error: 'Parameter machineId is required: one machine ID' }, 400)
    if (!Number.isInteger(days) || days < 1 || days > MAX_RELIABILITY_DAYS)
      return c.json({ error: `Parameter days is a whole number from 1 to ${MAX_RELIABILITY_DAYS}` }, 400)
    const till = options.now()
    const from = till - days * 86_400_000
    const [intervals, parts] = await Promise.all([
      state.store.machineIntervals(machineId, from, till),
      state.stops.parts([machineId], from, till),
    ])
    // running time as the counters count it: turning and reporting
    const runningMs = intervals
      .filter((i) => i.turning && i.reporting)
      .reduce(
        (sum, i) => sum + Math.max(0, Math.min(i.endedAt ?? till, till) - Math.max(i.startedAt, from)),
        0,
      )
    return c.json({ machineId, from, till, ...reliabilityOf(parts, runningMs, from, till) })
  })

  // the technicians' verdicts on the thread-break assistant's checks, and the score they make
  app.get('/api/maintenance/checks', async (c) => {
    const parts = partsOf()
    if (typeof parts === 'string') return c.json({ error: `No verdicts: ${parts}` }, 503)
    return c.json({
      ...(await verdicts(parts.store.db, options.now())),
      canMark: await options.canSignOff(c),
    })
  })

  app.post('/api/maintenance/checks', async (c) => {
    const parts = partsOf()
    if (typeof parts === 'string') return c.json({ error: `No verdicts: ${parts}` }, 503)
    const body = await jsonBody(c, MAX_BODY_BYTES)
    if (!body.ok) return body.response
    const parsed = verdict.safeParse(body.value)
    if (!parsed.success) return c.json({ error: bodyError(parsed.error, 'The verdict cannot be kept') }, 400)
    return c.json({ verdict: await recordVerdict(parts.store.db, parsed.data, options.now()) }, 201)
  })

  app.post('/api/maintenance/checks/task', async (c) => {
    const parts = partsOf()
    if (typeof parts === 'string') return c.json({ error: `No maintenance tasks: ${parts}` }, 503)
    const body = await jsonBody(c, MAX_BODY_BYTES)
    if (!body.ok) return body.response
    const parsed = checkTask.safeParse(body.value)
    if (!parsed.success)
      return c.json({ error: bodyError(parsed.error, 'The check cannot be made a task') }, 400)
    const { machineId, check, evidence, by } = parsed.data
    const facts = await parts.machineFacts().catch(() => null)
    if (facts && !facts.has(machineId))
      return c.json({ error: `The production API lists no machine ${machineId}` }, 404)
    try {
      const made = await parts.store.fromCheck(
        { machineId, name: check, note: evidence, days: CHECK_TASK_DAYS },
        by,
        options.now(),
      )
      return c.json(made, made.made ? 201 : 200)
    } catch (error) {
      return failed(c, error)
    }
  })

  app.post('/api/maintenance/sign-off', async (c) => {
    const parts = partsOf()
    if (typeof parts === 'string') return c.json({ error: `No maintenance tasks: ${parts}` }, 503)
    const body = await jsonBody(c, MAX_BODY_BYTES)
    if (!body.ok) return body.response
    const parsed = signOff.safeParse(body.value)
    if (!parsed.success)
      return c.json({ error: bodyError(parsed.error, 'The task cannot be signed off') }, 400)
    const { by, ...input } = parsed.data
    const now = options.now()
    const [tasks, use, last, facts] = await Promise.all([
      parts.store.tasks(),
      parts.store.use(),
      parts.store.lastSignOffs(),
      parts.machineFacts().catch(() => null),
    ])
    const task = tasks.find((t) => t.id === input.taskId)
    if (!task) return c.json({ error: `There is no task ${input.taskId}: someone may have removed it` }, 404)
    const machine = facts?.get(input.machineId)
    if (facts && !machine)
      return c.json({ error: `The production API lists no machine ${input.machineId}` }, 404)
    if (machine && !applies(task.scope, { id: input.machineId, locationId: machine.locationId }))
      return c.json({ error: `“${task.name}” is not a task of ${machine.name}` }, 400)
    if (input.heads && machine?.heads && input.heads.some((h) => h > (machine.heads ?? 0)))
      return c.json(
        { error: `${machine.name} has ${machine.heads} heads: there is no head ${Math.max(...input.heads)}` },
        400,
      )
    // signed off before it is due: allowed, with a note saying why (unless someone signed it off since the
    // person looked: the store keeps theirs and says who was first)
    const newest = last
      .filter(
        (s) =>
          s.taskId === task.id &&
          s.machineId === input.machineId &&
          (s.head === null || !input.heads || input.heads.includes(s.head)),
      )
      .sort((a, b) => b.at - a.at || b.id - a.id)[0]
    const seenAt = input.seen === null ? null : (last.find((s) => s.id === input.seen)?.at ?? null)
    if (machine && input.note === '' && (newest ? newest.at === seenAt : input.seen === null)) {
      const one = new Map([[input.machineId, machine]])
      const entries = await entriesNow([task], one, use, last, now, parts.breaks)
      const mine = entries.filter(
        (e) => !input.heads || !e.heads || e.heads.some((h) => input.heads!.includes(h)),
      )
      if (mine.length > 0 && mine.every((e) => e.progress.state === 'ok'))
        return c.json(
          {
            error: `“${task.name}” is not due yet on ${machine.name}: sign it off with a note saying why`,
            reason: 'not-due',
          },
          400,
        )
    }
    try {
      const result = await parts.store.signOff(input, by, now)
      if (result.first)
        return c.json(
          {
            error: `${result.first.by} signed “${task.name}” off here at ${new Date(result.first.at).toISOString()} already: yours is kept in the log, not counted`,
            reason: 'signed-off-already',
            first: result.first,
          },
          409,
        )
      return c.json({ signOffs: result.signOffs }, 201)
    } catch (error) {
      return failed(c, error)
    }
  })
}
