import { skipToken, useQuery } from '@tanstack/react-query'
import type { AlertList } from './alerts'

/** The alerts' list as the alert bar and the live stream keep it (api/alerts), read without fetching or
 * parsing anything: pages that only mark machines with an alert (the board) stay light. */
export const useAlertsInCache = () => useQuery<AlertList>({ queryKey: ['alerts'], queryFn: skipToken })
