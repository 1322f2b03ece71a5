import { useMemo } from 'react'
import { useAlerts } from '../../api/alerts/alerts'

/**
 * The alerts the floor's bar and the wall's band call out: machines and screens that need someone now. An
 * order late or at risk is a planner's matter, and maintenance overdue a technician's: they go to their
 * channels with their escalation, and show on /alerts and on their own pages (/orders, /maintenance), not
 * over every page of every screen.
 */
export function useFloorAlerts() {
  const { data } = useAlerts()
  return useMemo(
    () =>
      data && { ...data, alerts: data.alerts.filter((a) => a.rule !== 'orders' && a.rule !== 'maintenance') },
    [data],
  )
}
