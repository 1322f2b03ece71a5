import { useEffect, useState } from 'react'

/** Whether `ms` have passed since the component was first shown: how long a page waits for a
 * second answer before it draws without it (so it draws once, not twice, unless that answer is slow). */
export function useElapsed(ms: number): boolean {
  const [elapsed, setElapsed] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setElapsed(true), ms)
    return () => clearTimeout(timer)
  }, [ms])
  return elapsed
}
