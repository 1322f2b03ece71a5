import { type QueryClient, useQuery } from '@tanstack/react-query'
import { useCallback, useMemo } from 'react'
import type { MachineSummary, RecordList } from '../../lib/domain'
import { currentShift } from '../../lib/time-range'
import { type AppConfig, appConfigQuery, useAppConfig } from '../core/app-config'
import { machineSummaryQueryOptions } from '../vendor-reports/summary-reports'

/** The pace is measured over the last two hours, within the current shift once it has run half an hour. */
export const PACE_WINDOW_SECONDS = 2 * 3600
const SHIFT_SETTLED_SECONDS = 30 * 60
/** The window moves in steps, so one query serves every tile for five minutes. */
const STEP_SECONDS = 5 * 60

/** [from, till] in Unix seconds of the window the pace is read over. */
export function paceWindow(now: number, shiftStart: number | null): [number, number] {
  const till = Math.floor(now / STEP_SECONDS) * STEP_SECONDS
  const from =
    shiftStart !== null && till - shiftStart >= SHIFT_SETTLED_SECONDS
      ? Math.max(till - PACE_WINDOW_SECONDS, shiftStart)
      : till - PACE_WINDOW_SECONDS
  return [from, till]
}

/** Stitches a minute per machine over the window, stops included: machine-summary's stitches over the
 * window's minutes. */
export function pacesOf(rows: readonly MachineSummary[], [from, till]: [number, number]) {
  const minutes = (till - from) / 60
  return new Map(
    rows.flatMap((r) =>
      r.stitches === null || minutes <= 0 ? [] : [[r.machineId, r.stitches / minutes] as const],
    ),
  )
}

export interface Pace {
  window: [number, number]
  byMachine: ReadonlyMap<string, number>
}

/** The machine summary the pace is read from, for the window of `now` (Unix seconds) in the factory's
 * current shift. */
export function paceQuery(now: number, config: AppConfig | undefined) {
  const shift = config ? currentShift(now, config.timeZone, config.shifts) : null
  const window = paceWindow(now, shift ? shift.span[0] : null)
  return {
    window,
    options: machineSummaryQueryOptions({ from: window[0], till: window[1], machineIds: 'all' }),
  }
}

/** Asks for the pace as soon as the configuration is known (the shell, while the board's code loads:
 * the board asked only once it had rendered, and its tiles' last line waited for it). */
export async function prefetchPace(client: QueryClient): Promise<void> {
  // a configuration that cannot be read is the shell's to report (src/components/app-config-problem.tsx)
  const config = await client.fetchQuery(appConfigQuery).catch(() => undefined)
  if (config) await client.prefetchQuery(paceQuery(Math.floor(Date.now() / 1000), config).options)
}

/** Each machine's actual pace now (undefined while it is read). */
export function usePace(): Pace | undefined {
  const config = useAppConfig().data
  const { window, options } = paceQuery(Math.floor(Date.now() / 1000), config)
  const [from, till] = window
  // one select per window: the map keeps its identity between renders
  const select = useCallback(
    ({ records }: RecordList<MachineSummary>) => pacesOf(records, [from, till]),
    [from, till],
  )
  const summary = useQuery({ ...options, enabled: config !== undefined, select })
  // one object while the window and the answer are the same: the board defers it (useDeferredValue), and a
  // new object every render started a background render every render, until React gave up (error #185)
  const byMachine = summary.data
  return useMemo<Pace | undefined>(
    () => (byMachine ? { window: [from, till], byMachine } : undefined),
    [from, till, byMachine],
  )
}
