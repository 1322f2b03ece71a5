import { useMemo } from 'react'
import { useAlerts } from '../../api/alerts/alerts'

/**
 * The alerts the floor's bar and the wall's band call out: machines and screens that need someone now. An
 * order late or at risk is a planner's matter: it goes to its channels with its escalation, and shows on
 * /alerts, /orders and the wall's orders page, not over every page of every screen.
 */
export function useFloorAlerts() {
  const { data } = useAlerts()
  return useMemo(() => data && { ...data, alerts: data.alerts.filter((a) => a.rule !== 'orders') }, [data])
}
