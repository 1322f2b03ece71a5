import { useLayoutEffect, useRef, useState } from 'react'

/** The box a part of a wall's page is drawn in: the nearest ancestor that clips what does not fit. */
function clippingBox(el: Element): Element | null {
  for (let at = el.parentElement; at; at = at.parentElement) {
    const { overflowY } = getComputedStyle(at)
    if (overflowY === 'hidden' || overflowY === 'clip') return at
  }
  return null
}

/**
 * On a wall, how many of a list's rows (marked `data-wall-item`) show whole in the box that clips it, with
 * the line under the list that counts the rest (`lineRef`) whole too: a row is never cut in the middle of
 * a line, where the box ends under a panel whose height the screen does not decide (the shift's pace on
 * the status board, over the other machines' chips). Off the wall (`on` false) every row shows. Measured
 * with every row laid out, before the screen is painted; again when `key` (the data) changes or the
 * screen's room for the page does (the alerts' band above came or went).
 */
export function useRowsInBox<E extends HTMLElement>(on: boolean, count: number, key: unknown) {
  const ref = useRef<E>(null)
  const lineRef = useRef<HTMLParagraphElement>(null)
  const [fit, setFit] = useState<{ key: unknown; count: number; shown: number } | null>(null)
  const measuring = on && (fit === null || fit.key !== key || fit.count !== count)

  useLayoutEffect(() => {
    const list = ref.current
    if (!measuring || !list) return
    const box = clippingBox(list)
    if (!box) return setFit({ key, count, shown: count })
    const bottom = box.getBoundingClientRect().bottom
    const rows = [...list.querySelectorAll('[data-wall-item]')].map((el) => el.getBoundingClientRect().bottom)
    // the line counting the rest is laid out while measuring: what it takes under the list
    const line = lineRef.current?.getBoundingClientRect()
    const lineTakes = line ? line.bottom - list.getBoundingClientRect().bottom : 0
    const all = rows.every((b) => b <= bottom + 0.5)
    const shown = all ? rows.length : rows.filter((b) => b <= bottom - lineTakes + 0.5).length
    setFit({ key, count, shown })
  })

  // the screen's room for the page, not the box: a box sized by what it holds changes with the rows cut,
  // and measuring again at each change would never end
  useLayoutEffect(() => {
    const screen = ref.current?.closest('[data-kiosk-pager]')
    if (!on || measuring || !screen || typeof ResizeObserver === 'undefined') return
    let height = screen.getBoundingClientRect().height
    const observer = new ResizeObserver(() => {
      const now = screen.getBoundingClientRect().height
      if (Math.abs(now - height) > 0.5) setFit(null)
      height = now
    })
    observer.observe(screen)
    return () => observer.disconnect()
  }, [on, measuring])

  if (!on) return { ref, lineRef, shown: count, more: 0 }
  // while measuring every row shows, and the line as if one were left out
  if (measuring || fit === null) return { ref, lineRef, shown: count, more: Math.max(1, count) }
  return { ref, lineRef, shown: Math.min(fit.shown, count), more: count - Math.min(fit.shown, count) }
}
