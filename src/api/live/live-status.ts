import { useSyncExternalStore } from 'react'

/** The state of the live stream (`live.ts`), apart so the machine queries can ask it without a cycle. */
/** Why machine changes are polled instead of streamed: the browser has no stream, it went silent, sent
 * something unreadable, was interrupted, or the server has none (`detail`: the server's own words). */
export type PollingReason = 'unsupported' | 'silent' | 'unreadable' | 'interrupted' | 'unavailable'
export type LiveStatus =
  | { status: 'connecting' }
  | { status: 'live' }
  | { status: 'polling'; reason: PollingReason; detail?: string }

let current: LiveStatus = { status: 'connecting' }
const listeners = new Set<() => void>()
export function setStatus(next: LiveStatus) {
  if (
    next.status === current.status &&
    (next as { reason?: string }).reason === (current as { reason?: string }).reason &&
    (next as { detail?: string }).detail === (current as { detail?: string }).detail
  )
    return
  current = next
  for (const listener of listeners) listener()
}

/** True while machine data arrives through the stream (the machine queries then stop polling). */
export const isStreamLive = () => current.status === 'live'

export const useLiveStatus = (): LiveStatus =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => current,
    () => current,
  )
