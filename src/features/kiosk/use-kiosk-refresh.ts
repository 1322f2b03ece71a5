import { focusManager, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { refreshPlan } from './schedule'

/** Queries that follow the clock; closed past ranges (staleTime Infinity) never need a refresh. */
const isLive = (query: { observers: Array<{ options: { staleTime?: unknown } }> }) =>
  query.observers.some((observer) => observer.options.staleTime !== Number.POSITIVE_INFINITY)

/** The kiosk alone decides when data is refreshed: every `refresh` seconds during a shift, slowly
 * between shifts. The queries' own intervals are paused (React Query pauses them while the window
 * counts as unfocused). `lastGood` is the end of the last cycle in which every refresh succeeded. */
export function useKioskRefresh(
  refreshSeconds: number,
  timeZone: string | undefined,
  shifts: ReadonlyArray<{ name: string; from: string; to: string }> | undefined,
) {
  const client = useQueryClient()
  const [state, setState] = useState(() => ({
    lastGood: Date.now(),
    intervalMs: refreshSeconds * 1000,
    quiet: null as null | { next: string; at: number },
  }))
  const schedule = useRef({ timeZone, shifts })
  schedule.current = { timeZone, shifts }
  useEffect(() => {
    focusManager.setFocused(false)
    let timer: ReturnType<typeof setTimeout> | undefined
    let stopped = false
    const plan = () => {
      const { timeZone: zone, shifts: list } = schedule.current
      return zone && list
        ? refreshPlan(Math.floor(Date.now() / 1000), refreshSeconds, zone, list)
        : { delayMs: refreshSeconds * 1000, quiet: null }
    }
    const cycle = async () => {
      const started = Date.now()
      // an open range moves with the clock tick, so its new query has just fetched: not again
      const fresh = started - (refreshSeconds * 1000) / 2
      await client.refetchQueries(
        { type: 'active', predicate: (query) => isLive(query) && query.state.dataUpdatedAt < fresh },
        { throwOnError: false, cancelRefetch: false },
      )
      if (stopped) return
      const failed = client
        .getQueryCache()
        .findAll({ type: 'active', predicate: isLive })
        .some((query) => query.state.status === 'error' || query.state.errorUpdatedAt >= started)
      const next = plan()
      setState((previous) => ({
        lastGood: failed ? previous.lastGood : Date.now(),
        intervalMs: next.delayMs,
        quiet: next.quiet ? { next: next.quiet.next.name, at: next.quiet.at } : null,
      }))
      timer = setTimeout(cycle, next.delayMs)
    }
    timer = setTimeout(cycle, plan().delayMs)
    return () => {
      stopped = true
      clearTimeout(timer)
      focusManager.setFocused(undefined)
    }
  }, [client, refreshSeconds])
  return state
}
