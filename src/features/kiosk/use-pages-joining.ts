import { startTransition, useEffect, useState } from 'react'
import { joinDelayMs } from './wall-rotation'

/** How many of the wall's pages are mounted: the first at once; each other joins a little before its
 * first turn, rendered as a transition (time-sliced), so the start stays light and every page has its
 * data when it first appears; once mounted, a page stays and refreshes in the background. */
export function usePagesJoining(pageCount: number, dwellSeconds: number): number {
  const [mounted, setMounted] = useState(1)
  useEffect(() => {
    if (mounted >= pageCount) return
    const timer = setTimeout(() => startTransition(() => setMounted((n) => n + 1)), joinDelayMs(dwellSeconds))
    return () => clearTimeout(timer)
  }, [mounted, pageCount, dwellSeconds])
  return mounted
}
