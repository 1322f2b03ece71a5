import { useSearchParams } from 'react-router'
import { dayChoiceOf, withDays, withMetric } from './day-metrics'

/** The days and figure of "each shift per day", kept in the address so a link or the kiosk keeps them. */
export function useDayChoice() {
  const [search, setSearch] = useSearchParams()
  return {
    ...dayChoiceOf(search),
    setDays: (value: string) => setSearch((s) => withDays(s, value)),
    setMetric: (value: string) => setSearch((s) => withMetric(s, value)),
  }
}
