import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { Machine } from '../../lib/domain'
import { applyAlertsEvent } from '../alerts/alerts'
import { ALERTS_KEY } from '../alerts/alerts-key'
import { appUrl } from '../core/base-path'
import { lazySchemas } from '../core/http'
import { type HistoryNow, historyNowSchemas } from '../history/history-now'
import { MACHINE_QUERY_ROOT, machinesFromAnswer, machinesQueryOptions } from '../machines/machines'
import { CURRENT_STOPS_KEY, STOPS_KEY } from '../stops/stops-key'
import { isStreamLive, type PollingReason, setStatus } from './live-status'

/**
 * Live push (issue 18): the server streams every poll of /machines over Server-Sent Events (`/api/live`);
 * while the stream is healthy the machines are not polled, and a change shows as soon as the server saw
 * it. When the stream breaks (or the server has none) the app polls again and says so.
 */
/** A stream without an event for this long is taken as dead (the server sends one at least every 15 s). */
export const SILENT_STREAM_MS = 40_000
const REOPEN_MS = 5_000

const eventSchema = lazySchemas(async (z) => {
  const { historyNow } = await historyNowSchemas()
  return z.object({ at: z.number(), changed: z.array(z.string()), history: historyNow, answer: z.unknown() })
})

/** The machines of one stream event: every machine query there is gets them (the list and each machine
 * page asked for, shown or kept). With none (a page without machines opened first: the thread cones, the
 * reports) the event is not read at all: reading all 44 machines of every event through the vendor schema
 * was a long task on a phone (up to 220 ms at the first event) for nothing anyone saw. */
export async function applyLiveEvent(client: QueryClient, data: string): Promise<void> {
  const event = (await eventSchema()).parse(JSON.parse(data))
  // a machine stopped or ran again: what the standing machines stand for is read again
  if (event.changed.length > 0) void client.invalidateQueries({ queryKey: CURRENT_STOPS_KEY })
  const cache = client.getQueryCache()
  const listKey = machinesQueryOptions().queryKey
  const queries = [
    ...cache.findAll({ queryKey: listKey }),
    ...cache.findAll({ queryKey: MACHINE_QUERY_ROOT }),
  ]
  if (queries.length === 0) return
  const list = await machinesFromAnswer(event.answer, event.history as HistoryNow)
  client.setQueryData(listKey, list, { updatedAt: event.at })
  const byId = new Map<string, Machine>(list.records.map((m) => [m.id, m]))
  for (const query of queries) {
    if (query.queryKey[0] !== MACHINE_QUERY_ROOT[0]) continue
    const machine = byId.get(String(query.queryKey[1]))
    if (machine) client.setQueryData(query.queryKey, machine, { updatedAt: event.at })
  }
}

/** Opens the stream for the app's lifetime (mount once, at the root). */
export function useLiveUpdates(): void {
  const client = useQueryClient()
  useEffect(() => {
    if (typeof EventSource === 'undefined') {
      setStatus({ status: 'polling', reason: 'unsupported' })
      return
    }
    let source: EventSource | null = null
    let watchdog: ReturnType<typeof setTimeout> | undefined
    let reopen: ReturnType<typeof setTimeout> | undefined
    let closed = false
    const fallBack = (reason: PollingReason, detail?: string) => {
      const wasLive = isStreamLive()
      setStatus({ status: 'polling', reason, ...(detail === undefined ? {} : { detail }) })
      // polling starts again at once (the machine queries poll only while the stream is not live)
      if (wasLive) {
        void client.invalidateQueries({ queryKey: machinesQueryOptions().queryKey })
        void client.invalidateQueries({ queryKey: MACHINE_QUERY_ROOT })
        void client.invalidateQueries({ queryKey: ALERTS_KEY })
      }
    }
    const kick = () => {
      clearTimeout(watchdog)
      watchdog = setTimeout(() => {
        fallBack('silent')
        source?.close()
        reopen = setTimeout(open, REOPEN_MS)
      }, SILENT_STREAM_MS)
    }
    const open = () => {
      if (closed) return
      source = new EventSource(appUrl('/api/live'))
      source.addEventListener('machines', (event) => {
        applyLiveEvent(client, (event as MessageEvent<string>).data).then(
          () => setStatus({ status: 'live' }),
          () => fallBack('unreadable'),
        )
        kick()
      })
      // the alerts' list, whenever it changes (issue 19)
      source.addEventListener('alerts', (event) => {
        applyAlertsEvent(client, (event as MessageEvent<string>).data).catch(() => {
          // an unreadable list: the alerts query polls it instead
          void client.invalidateQueries({ queryKey: ALERTS_KEY })
        })
        kick()
      })
      // a reason given, a stop split, the reasons or planned stops changed (issue 35): read again at once
      source.addEventListener('stops', () => {
        void client.invalidateQueries({ queryKey: STOPS_KEY })
        kick()
      })
      source.addEventListener('heartbeat', kick)
      // signed out, or this screen's enrolment withdrawn: the polls that follow are refused and lead to
      // the sign-in page
      source.addEventListener('signed-out', () => {
        source?.close()
        fallBack('interrupted')
        void client.invalidateQueries({ queryKey: machinesQueryOptions().queryKey })
      })
      // the server has no history yet (starting) or none at all: poll; the browser asks again later
      source.addEventListener('unavailable', (event) => {
        fallBack('unavailable', (event as MessageEvent<string>).data)
        kick()
      })
      source.onerror = () => {
        fallBack('interrupted')
        // the browser retries by itself unless the server refused the stream; then we retry later
        if (source?.readyState === EventSource.CLOSED) {
          clearTimeout(reopen)
          reopen = setTimeout(open, 6 * REOPEN_MS)
        }
      }
      kick()
    }
    open()
    return () => {
      closed = true
      clearTimeout(watchdog)
      clearTimeout(reopen)
      source?.close()
      setStatus({ status: 'connecting' })
    }
  }, [client])
}
