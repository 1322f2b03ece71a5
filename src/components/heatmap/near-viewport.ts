/** Canvases further down the page are drawn only when scrolled near (bench/heatmap.ts): whether an
 * element is near the screen now, and one shared IntersectionObserver that runs a draw when it comes
 * near. */

/** How far beyond the screen a canvas is drawn ahead of scrolling (CSS px). */
const AHEAD_PX = 600

/** On or within AHEAD_PX of the screen; always so where IntersectionObserver is missing. */
export function nearViewport(element: Element): boolean {
  if (typeof IntersectionObserver === 'undefined') return true
  const box = element.getBoundingClientRect()
  if (box.width === 0 && box.height === 0) return false // not displayed (e.g. a hidden kiosk page)
  return box.top < window.innerHeight + AHEAD_PX && box.bottom > -AHEAD_PX
}

const pending = new Map<Element, () => void>()
let observer: IntersectionObserver | null = null

/** Runs `draw` once the element comes near the screen; returns the cancel. One observer for all. */
export function whenNearViewport(element: Element, draw: () => void): () => void {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue
        const run = pending.get(entry.target)
        pending.delete(entry.target)
        observer?.unobserve(entry.target)
        run?.()
      }
    },
    { rootMargin: `${AHEAD_PX}px` },
  )
  pending.set(element, draw)
  observer.observe(element)
  return () => {
    pending.delete(element)
    observer?.unobserve(element)
  }
}
