import { type ReactNode, useEffect, useState } from 'react'

/** Renders its children once the browser has a moment with nothing to do after the page's first render:
 * for a part that is not what the page is for, so that its code and its questions to the server come after
 * what is (the board's tiles before the shift's pace on a phone). `within` bounds the wait on a busy page.
 * The caller holds the part's room meanwhile. */
export function WhenIdle({ children, within = 2000 }: { children: ReactNode; within?: number }) {
  const [idle, setIdle] = useState(false)
  useEffect(() => {
    if (typeof requestIdleCallback === 'undefined') {
      const timer = setTimeout(() => setIdle(true), 0)
      return () => clearTimeout(timer)
    }
    const handle = requestIdleCallback(() => setIdle(true), { timeout: within })
    return () => cancelIdleCallback(handle)
  }, [within])
  return idle ? children : null
}
