import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useSyncExternalStore } from 'react'
import type { AlertList } from './alerts'
import { ALERTS_KEY } from './alerts-key'

/** The alerts' list as the alert bar and the live stream keep it (api/alerts), read from the cache without
 * fetching, parsing or observing the query (an observer without a query function would take the query's
 * place when the kiosk refetches it): pages that only mark machines with an alert (the board) stay light. */
export function useAlertsInCache(): AlertList | undefined {
  const client = useQueryClient()
  const subscribe = useCallback(
    (listener: () => void) => client.getQueryCache().subscribe(listener),
    [client],
  )
  return useSyncExternalStore(
    subscribe,
    () => client.getQueryData<AlertList>(ALERTS_KEY),
    () => undefined,
  )
}
