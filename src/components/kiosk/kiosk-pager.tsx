import { type ReactNode, useLayoutEffect, useRef, useState } from 'react'

/** Things a screen border must not cut through: a screen ends above the first of them that would be cut. */
export const KEEP_WHOLE =
  '[data-keep-whole], [data-wall-item], tr, li, h1, h2, h3, h4, p, figure, svg, dt, dd, caption, label, img, legend, summary'
/** What a page lays out out of sight only to measure it (the wall's cards, all at once, to find where each
 * screen ends): never a part of a screen, so never counted in one. */
export const MEASURE_ONLY = '[data-measure-only]'

/** A bound: a page that needs more screens than this is a page to condense, not to rotate through. */
export const MAX_SCREENS = 60

/**
 * Where each screen of a page starts (px from the page's top), given the screen's height, the page's
 * height and the boxes (top, bottom) that must not be cut. A screen ends above the highest box the
 * screen's bottom would cut; a box taller than a screen is cut where the screen ends (its inner boxes
 * decide on the next screen).
 */
export function screenStarts(
  height: number,
  total: number,
  boxes: ReadonlyArray<{ top: number; bottom: number }>,
): number[] {
  const starts = [0]
  if (height <= 0) return starts
  while (starts.length < MAX_SCREENS) {
    const start = starts.at(-1)!
    if (total <= start + height + 1) break
    const cut = start + height
    // the highest box the cut goes through; then again at that line (a box beside it, in another
    // column, may begin higher and reach below it), until no box is cut where the next screen starts
    let next = cut
    for (let moved = true; moved; ) {
      moved = false
      for (const box of boxes)
        if (box.top > start + 1 && box.top < next && box.bottom > next + 1) {
          next = box.top
          moved = true
        }
    }
    // a cut right below the start would make a screen of a sliver: cut the tall box instead
    starts.push(next - start < height / 4 ? cut : Math.floor(next))
  }
  return starts
}

/**
 * A kiosk page longer than the screen, shown a screen at a time: the page is laid out at the screen's
 * height, moved up to the start of screen `screen`, and clipped where the next screen starts, so nothing
 * shows half. Reports how many screens the page needs (re-measured when the page or the screen changes).
 */
export function KioskPager({
  screen,
  setScreens,
  children,
}: {
  screen: number
  setScreens: (count: number) => void
  children: ReactNode
}) {
  const outer = useRef<HTMLDivElement>(null)
  const inner = useRef<HTMLDivElement>(null)
  const [layout, setLayout] = useState<{ height: number; starts: number[] }>({ height: 0, starts: [0] })

  useLayoutEffect(() => {
    const box = outer.current
    const page = inner.current
    if (!box || !page) return
    let frame = 0
    const measure = () => {
      frame = 0
      const height = box.clientHeight
      const base = page.getBoundingClientRect().top
      const boxes: Array<{ top: number; bottom: number }> = []
      let total = page.scrollHeight
      for (const el of page.querySelectorAll(KEEP_WHOLE)) {
        if (el.closest(MEASURE_ONLY)) continue
        const rect = el.getBoundingClientRect()
        if (rect.height <= 0) continue
        boxes.push({ top: rect.top - base, bottom: rect.bottom - base })
        total = Math.max(total, rect.bottom - base)
      }
      const starts = screenStarts(height, total, boxes)
      setLayout((previous) =>
        previous.height === height && previous.starts.join() === starts.join()
          ? previous
          : { height, starts },
      )
    }
    const later = () => {
      if (!frame) frame = requestAnimationFrame(measure)
    }
    measure()
    // a wall's browser has both; a test's DOM may not
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(later)
    resize?.observe(box)
    const mutation = typeof MutationObserver === 'undefined' ? null : new MutationObserver(later)
    mutation?.observe(page, { childList: true, subtree: true, characterData: true, attributes: true })
    return () => {
      resize?.disconnect()
      mutation?.disconnect()
      if (frame) cancelAnimationFrame(frame)
    }
  }, [])

  const { height, starts } = layout
  useLayoutEffect(() => setScreens(starts.length), [setScreens, starts.length])
  const index = Math.min(Math.max(0, screen), starts.length - 1)
  const top = starts[index] ?? 0
  const next = starts[index + 1]
  return (
    <div ref={outer} className="h-full overflow-hidden" data-kiosk-pager="">
      <div
        className="overflow-hidden"
        style={{ height: next === undefined ? '100%' : next - top }}
        data-kiosk-window=""
      >
        <div
          ref={inner}
          style={{
            height: height > 0 ? height : '100%',
            transform: top > 0 ? `translateY(${-top}px)` : undefined,
          }}
        >
          {children}
        </div>
      </div>
    </div>
  )
}
