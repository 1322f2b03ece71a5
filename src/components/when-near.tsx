import { type ReactNode, useEffect, useRef, useState } from 'react'

/** Renders its children once the place comes near the screen (below-the-fold sections then cost
 * nothing at first paint); until then a placeholder of `minHeight` keeps the layout still. */
export function WhenNear({ children, minHeight = '20rem' }: { children: ReactNode; minHeight?: string }) {
  const place = useRef<HTMLDivElement>(null)
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined')
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
      { rootMargin: '300px' },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [near])
  return near ? children : <div ref={place} style={{ minHeight }} />
}
