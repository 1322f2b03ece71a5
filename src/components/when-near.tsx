import { type ReactNode, useEffect, useRef, useState } from 'react'
import { useKiosk } from './kiosk/kiosk-context'

/** Renders its children once the place comes near the screen (below-the-fold sections then cost
 * nothing at first paint); until then a placeholder of `minHeight` keeps the layout still. On the wall
 * at once: the kiosk shows the page a screen at a time and counts its screens from the whole page. */
export function WhenNear({
  children,
  minHeight = '20rem',
  margin = '300px',
}: {
  children: ReactNode
  minHeight?: string
  /** how near (CSS margin around the screen): the default starts a little before it is seen */
  margin?: string
}) {
  const place = useRef<HTMLDivElement>(null)
  const kiosk = useKiosk().on
  const [near, setNear] = useState(() => kiosk || typeof IntersectionObserver === 'undefined')
  useEffect(() => {
    const element = place.current
    if (near || !element) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true)
          observer.disconnect()
        }
      },
      { rootMargin: margin },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [near, margin])
  return near ? children : <div ref={place} style={{ minHeight }} />
}
