import type { Hono } from 'hono'
import { streamSSE } from 'hono/streaming'
import { viewerStillKnown } from '../proxy/viewer'
import type { HistoryStore, StateInterval } from './store'
import type { MachinesChange, Watcher } from './watcher'

export interface History {
  store: HistoryStore
  watcher: Watcher
  pollSeconds: number
  /** the alerts, when this server has them: the live stream carries their snapshots too */
  alerts?: LiveFeed
  /** the stop reasons, when this server has them: a change (a reason given, a split, the settings or
   * planned stops saved) is an event of the live stream, so every screen reads it again at once */
  stops?: { onChange(listener: (change: object) => void): () => void }
}

/** Something besides the machines that the live stream carries (the alerts): its latest snapshot and
 * its changes. The history knows it only by this shape, so the alerts depend on the history, not back. */
export interface LiveFeed {
  onChange(listener: (snapshot: object) => void): () => void
  snapshot(): Promise<object>
}

/** Longest range of one machine's timeline, and of the factory timeline (every machine). */
export const MAX_MACHINE_RANGE_DAYS = 31
export const MAX_FACTORY_RANGE_DAYS = 7
/** Open live streams per server; more are refused with 503 (the browser falls back to polling). */
export const MAX_STREAMS = 2000
const HEARTBEAT_MS = 15_000
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
const MACHINE_ID = /^[^\u0000-\u001f\u007f/?#]{1,128}$/u

/** [start, end|null, code, turning, reporting, designId, seenSince]: compact, for 1,000 machines × a day. */
export type IntervalRow = [number, number | null, number | null, 0 | 1, 0 | 1, string | null, 0 | 1]

const rowOf = (i: StateInterval): IntervalRow => [
  i.startedAt,
  i.endedAt,
  i.code,
  i.turning ? 1 : 0,
  i.reporting ? 1 : 0,
  i.designId,
  i.seenSince ? 1 : 0,
]

function rangeOf(query: (name: string) => string | undefined, maxDays: number, now: number) {
  const from = query('from')
  const till = query('till')
  if (from === undefined || till === undefined || !/^\d{1,12}$/.test(from) || !/^\d{1,12}$/.test(till))
    return { error: 'Parameters from and till are required, as Unix seconds' }
  const f = Number(from) * 1000
  const t = Math.min(Number(till) * 1000, now)
  if (f >= Number(till) * 1000) return { error: 'Parameter from must be before till' }
  if (Number(till) * 1000 - f > maxDays * 86_400_000)
    return { error: `The range from … till is longer than ${maxDays} days; ask for a shorter one` }
  return { from: f, till: Math.max(f, t) }
}

/** The history's routes: what every machine does now and since when, one machine's timeline, the factory
 * timeline, and the live stream of changes (Server-Sent Events). */
export function historyRoutes(
  app: Hono,
  historyOf: () => History | { unavailable: string },
  now: () => number = Date.now,
) {
  let streams = 0
  // without a history (starting, or no database): "now" and the stream say so as a normal answer (the
  // machines are complete without it; a browser logs every 503 as an error); the timelines are a 503
  app.use('/api/history/*', async (c, next) => {
    const history = historyOf()
    if ('unavailable' in history) {
      if (c.req.path === '/api/history/now') {
        c.header('Cache-Control', 'no-store')
        return c.json({ available: false, reason: history.unavailable })
      }
      return c.json({ error: `No machine history: ${history.unavailable}` }, 503)
    }
    await next()
  })
  app.use('/api/live', async (c, next) => {
    const history = historyOf()
    if ('unavailable' in history) {
      c.header('Cache-Control', 'no-store')
      // the browser's EventSource tries again after `retry` ms
      const reason = history.unavailable.replaceAll('\n', ' ')
      return c.body(`retry: 10000\nevent: unavailable\ndata: ${reason}\n\n`, 200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
      })
    }
    await next()
  })
  const current = () => historyOf() as History

  /** What every machine does now and since when (the open intervals), and the history's own state. */
  const historyNow = async ({ store, watcher, pollSeconds }: History) => {
    const [open, w] = await Promise.all([store.current(), store.watcher()])
    return {
      available: true,
      at: now(),
      recordingSince: w.recordingSince,
      lastPollAt: w.lastOkAt,
      pollSeconds,
      problem: watcher.status().lastError,
      // whether this instance is the one polling (several instances on one database)
      polling: watcher.isLeader(),
      machines: open.map((o) => ({
        id: o.machineId,
        code: o.code,
        turning: o.turning,
        reporting: o.reporting,
        designId: o.designId,
        since: o.startedAt,
        atLeast: o.seenSince,
      })),
    }
  }

  app.get('/api/history/now', async (c) => {
    c.header('Cache-Control', 'no-store')
    return c.json(await historyNow(current()))
  })

  app.get('/api/history/machines/:id', async (c) => {
    const id = c.req.param('id')
    if (!MACHINE_ID.test(id)) return c.json({ error: 'Not a machine ID' }, 400)
    const { store } = current()
    const range = rangeOf((name) => c.req.query(name), MAX_MACHINE_RANGE_DAYS, now())
    if ('error' in range) return c.json({ error: range.error }, 400)
    const [intervals, gaps, w] = await Promise.all([
      store.machineIntervals(id, range.from, range.till),
      store.gaps(range.from, range.till),
      store.watcher(),
    ])
    c.header('Cache-Control', 'no-store')
    return c.json({
      from: range.from,
      till: range.till,
      recordingSince: w.recordingSince,
      intervals: intervals.map(rowOf),
      gaps,
    })
  })

  app.get('/api/history/timeline', async (c) => {
    const range = rangeOf((name) => c.req.query(name), MAX_FACTORY_RANGE_DAYS, now())
    if ('error' in range) return c.json({ error: range.error }, 400)
    const { store } = current()
    const [machines, gaps, w] = await Promise.all([
      store.factoryTimeline(range.from, range.till),
      store.gaps(range.from, range.till),
      store.watcher(),
    ])
    c.header('Cache-Control', 'no-store')
    // the machines' JSON as the store wrote it (bytes: megabytes never become a JavaScript string)
    const head = encoder.encode(
      `${JSON.stringify({ from: range.from, till: range.till, recordingSince: w.recordingSince, gaps }).slice(0, -1)},"machines":`,
    )
    const body = new Uint8Array(head.length + machines.length + 1)
    body.set(head)
    body.set(machines, head.length)
    body[body.length - 1] = 0x7d // }
    return c.body(body, 200, { 'Content-Type': 'application/json; charset=utf-8' })
  })

  /** One event per poll, encoded once and written as the same bytes to every stream: a thousand streams
   * cost one database read and one copy of the answer, not a thousand (each socket's queue holds a
   * reference to it until written). */
  let shared: { key: string; frame: Promise<Uint8Array | null> } | null = null
  const eventFrame = (history: History, change: MachinesChange | null): Promise<Uint8Array | null> => {
    const latest = history.watcher.latest()
    if (!latest) return Promise.resolve(null)
    const changed = JSON.stringify(change?.changed ?? [])
    const key = `${latest.at}|${changed}`
    if (shared?.key !== key) {
      shared = {
        key,
        frame: historyNow(history).then(
          (state) =>
            sseFrame(
              'machines',
              `{"at":${latest.at},"changed":${changed},"history":${JSON.stringify(state)},"answer":${new TextDecoder().decode(latest.answer.body)}}`,
            ),
          () => null,
        ),
      }
    }
    return shared.frame
  }

  // the live stream: a "machines" event after every poll (the latest /machines answer, what changed, and
  // the history's time in state), a "heartbeat" event after 15 s without one (proxies close silent
  // connections, and the browser notices a dead stream); bounded in number
  app.get('/api/live', (c) => {
    if (streams >= MAX_STREAMS)
      return c.json({ error: 'Too many live streams on this server; poll instead' }, 503)
    const history = current()
    const { watcher } = history
    streams++
    c.header('Cache-Control', 'no-store')
    c.header('X-Accel-Buffering', 'no')
    return streamSSE(c, async (stream) => {
      let wake: (() => void) | null = null
      const pending: MachinesChange[] = []
      let alerts: object | null = null
      const stopChanges: object[] = []
      const offStops = history.stops?.onChange((change) => {
        // bounded: a burst of changes is told as its newest few (each makes the browser read again)
        if (stopChanges.length >= 16) stopChanges.shift()
        stopChanges.push(change)
        wake?.()
      })
      const offAlerts = history.alerts?.onChange((snapshot) => {
        alerts = snapshot
        wake?.()
      })
      const off = watcher.onChange((change) => {
        // only the newest matters: the event carries the whole answer
        pending.length = 0
        pending.push(change)
        wake?.()
      })
      let open = true
      stream.onAbort(() => {
        open = false
        wake?.()
      })
      try {
        const send = async (change: MachinesChange | null) => {
          const frame = await eventFrame(history, change)
          if (frame !== null) await stream.write(frame)
        }
        await send(null)
        const first = await history.alerts?.snapshot().catch(() => null)
        if (first && !alerts) await stream.write(sseFrame('alerts', JSON.stringify(first)))
        while (open) {
          let timer: ReturnType<typeof setTimeout> | undefined
          await new Promise<void>((resolve) => {
            wake = resolve
            timer = setTimeout(resolve, HEARTBEAT_MS)
            timer.unref?.()
          })
          clearTimeout(timer)
          wake = null
          if (!open) break
          // a signed-out person's or a revoked screen's stream ends: the browser's next try is refused
          if (!(await viewerStillKnown(c.req.raw))) {
            await stream.writeSSE({ event: 'signed-out', data: '' })
            break
          }
          const change = pending.shift()
          const alertsNow = alerts as object | null
          alerts = null
          const stopsNow = stopChanges.splice(0)
          if (alertsNow) await stream.write(sseFrame('alerts', JSON.stringify(alertsNow)))
          for (const stopChange of stopsNow) await stream.write(sseFrame('stops', JSON.stringify(stopChange)))
          if (change) await send(change)
          else if (!alertsNow && stopsNow.length === 0)
            await stream.writeSSE({ event: 'heartbeat', data: String(now()) })
        }
      } finally {
        off()
        offAlerts?.()
        offStops?.()
        streams--
      }
    })
  })
}

const encoder = new TextEncoder()

/** A Server-Sent Events frame as bytes: `event:` and one `data:` line per line of the text (as the
 * EventSource format requires; JSON has none, but upstream text is never trusted to be one line). */
export function sseFrame(event: string, data: string): Uint8Array {
  const lines = data
    .split(/\r\n|\r|\n/)
    .map((line) => `data: ${line}`)
    .join('\n')
  return encoder.encode(`event: ${event}\n${lines}\n\n`)
}
