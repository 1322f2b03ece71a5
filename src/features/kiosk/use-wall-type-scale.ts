import { useLayoutEffect, useState } from 'react'

/** The root font size follows the screen, so the rem-based type scale is as readable from 5 m on
 * 1920×1080 as on 3840×2160; restored when the kiosk goes. Returns the root size in px. */
export function useWallTypeScale(): number {
  const [rootPx, setRootPx] = useState(20)
  // before the first paint: a change of scale after it would move everything on the screen
  useLayoutEffect(() => {
    const root = document.documentElement
    const before = root.style.fontSize
    root.style.fontSize = 'clamp(16px, 1.05vw, 48px)'
    const measure = () => setRootPx(Number.parseFloat(getComputedStyle(root).fontSize) || 20)
    measure()
    window.addEventListener('resize', measure)
    return () => {
      window.removeEventListener('resize', measure)
      root.style.fontSize = before
    }
  }, [])
  return rootPx
}
