import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { useT } from './i18n'
import { useKiosk } from './kiosk/kiosk-context'
import { KEEP_WHOLE, MEASURE_ONLY, screenStarts } from './kiosk/kiosk-pager'

/** How many screens a kiosk page other than machine status may take at most: read at a glance. */
export const WALL_SCREENS = 2

type Box = { top: number; bottom: number }

/**
 * How many of a list's items a kiosk page can show and still take at most `budget` screens. Positions are
 * px from the page's top, measured with the items laid out and, below the list, the line saying how many
 * more there are (`reserve` px from the list's bottom to the line's), which goes when every item shows.
 * `others` are the page's boxes that must not be cut, outside the items: a box that reaches below the
 * list's bottom (`listBottom`) moves up with what follows the list. The largest count that fits; 0 when
 * what comes before the list already fills the budget.
 */
export function itemsThatFit({
  height,
  total,
  others,
  items,
  listBottom,
  reserve,
  lineStays = false,
  budget = WALL_SCREENS,
}: {
  height: number
  total: number
  others: readonly Box[]
  items: readonly Box[]
  listBottom: number
  reserve: number
  /** the items are already a part of the list: the line stays whatever count fits */
  lineStays?: boolean
  budget?: number
}): number {
  if (height <= 0) return items.length
  const lastOf = (count: number) => {
    let bottom = items[0]?.top ?? listBottom
    for (let i = 0; i < count; i++) bottom = Math.max(bottom, items[i]!.bottom)
    return bottom
  }
  const full = lastOf(items.length)
  const fits = (count: number) => {
    // what follows the list moves up by the items left out, and by the line when none is
    const shift = full - lastOf(count) + (count === items.length && !lineStays ? reserve : 0)
    const moved = (y: number) => (y >= listBottom - 1 ? y - shift : y)
    const boxes: Box[] = others.map((b) => ({ top: moved(b.top), bottom: moved(b.bottom) }))
    for (let i = 0; i < count; i++) boxes.push(items[i]!)
    return screenStarts(height, total - shift, boxes).length <= budget
  }
  if (fits(items.length)) return items.length
  // fewer items never take more screens: the largest count that fits, by halving
  if (!fits(0)) return 0
  let low = 0
  let high = items.length - 1
  while (low < high) {
    const middle = Math.ceil((low + high) / 2)
    if (fits(middle)) low = middle
    else high = middle - 1
  }
  return low
}

/**
 * On the wall, the items of a list (rows, machines, cards) that fit the kiosk page in at most two screens;
 * the rest are counted (`more`) for a line saying they are on the desk. Off the wall every item shows.
 * The list's element takes `ref` and marks each item `data-wall-item`; the line (WallMore) takes `moreRef`.
 * Every item is laid out, with the line, and measured with the rest of the page, then cut to what fits,
 * before the screen is painted; again when `key` (the data) changes or the page around the list changes
 * size (a chart that arrives later).
 */
export function useWallFit<E extends HTMLElement>(count: number, key: unknown) {
  const kiosk = useKiosk().on
  const ref = useRef<E>(null)
  const moreRef = useRef<HTMLParagraphElement>(null)
  // `checked`: the page measured again with only the items shown (a table's columns, and so its rows'
  // heights, change with the rows it holds), at most a few times
  const [fit, setFit] = useState<{ key: unknown; count: number; shown: number; checks: number } | null>(null)
  const measuring = kiosk && (fit === null || fit.key !== key || fit.count !== count)
  const checking = kiosk && !measuring && fit !== null && fit.checks > 0
  const settled = useRef('')

  useLayoutEffect(() => {
    const list = ref.current
    if (!(measuring || checking) || !list) return
    const pager = list.closest<HTMLElement>('[data-kiosk-pager]')
    const page = list.closest('[data-kiosk-window]')?.firstElementChild
    if (!pager || !page) return setFit({ key, count, shown: count, checks: 0 })
    const base = page.getBoundingClientRect().top
    const box = (el: Element) => {
      const rect = el.getBoundingClientRect()
      return { top: rect.top - base, bottom: rect.bottom - base }
    }
    const itemEls = [...list.querySelectorAll('[data-wall-item]')]
    const inItem = (el: Element) => el.closest('[data-wall-item]') !== null && list.contains(el)
    let total = page.scrollHeight
    const others: Box[] = []
    for (const el of page.querySelectorAll(KEEP_WHOLE)) {
      if (el.getBoundingClientRect().height <= 0 || el.closest(MEASURE_ONLY)) continue
      const b = box(el)
      total = Math.max(total, b.bottom)
      if (!inItem(el)) others.push(b)
    }
    const listBottom = box(list).bottom
    const line = moreRef.current
    const shown = itemsThatFit({
      height: pager.clientHeight,
      total,
      others,
      items: itemEls.map(box),
      listBottom,
      reserve: line ? box(line).bottom - listBottom : 0,
      lineStays: !measuring,
    })
    // the sizes it was cut for are read again once the cut is drawn
    settled.current = ''
    if (measuring) setFit({ key, count, shown, checks: shown < count ? 3 : 0 })
    else if (fit)
      setFit({ ...fit, shown: Math.min(shown, fit.shown), checks: shown < fit.shown ? fit.checks - 1 : 0 })
  })

  // the page around the list changed size after it was cut (a chart, a font), or the screen it has (the
  // alerts' band above it came or went): measure again
  useLayoutEffect(() => {
    const window_ = ref.current?.closest('[data-kiosk-window]')
    const pager = window_?.closest('[data-kiosk-pager]')
    // the pager's window holds the page laid out at a screen's height; its child is the page itself
    const page = window_?.firstElementChild?.firstElementChild
    if (!kiosk || measuring || checking || !page || !pager) return
    const sizes = () => `${Math.round(page.getBoundingClientRect().height)} ${pager.clientHeight}`
    // the sizes right after the cut, not after a later render: a font grown since would be missed
    if (settled.current === '') settled.current = sizes()
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => {
      if (sizes() !== settled.current) setFit(null)
    })
    observer.observe(page)
    observer.observe(pager)
    return () => observer.disconnect()
  })
  useEffect(() => {
    if (!kiosk) return
    const again = () => setFit(null)
    window.addEventListener('resize', again)
    return () => window.removeEventListener('resize', again)
  }, [kiosk])

  if (!kiosk) return { ref, moreRef, shown: count, more: 0 }
  // while measuring, the line is laid out too (as many more as there are items: as wide as it can get)
  if (measuring || fit === null) return { ref, moreRef, shown: count, more: count }
  const shown = Math.min(fit.shown, count)
  return { ref, moreRef, shown, more: count - shown }
}

/** "12 more machines on the desk page": what the wall leaves out of a list, said where the list ends. */
export function WallMore({
  count,
  what,
  lineRef,
}: {
  count: number
  what: 'rows' | 'machines' | 'stops'
  lineRef: RefObject<HTMLParagraphElement | null>
}) {
  const { t } = useT()
  if (count <= 0) return null
  return (
    <p ref={lineRef} className="text-kiosk-sm text-gray-700 dark:text-gray-300">
      {what === 'rows'
        ? t('app.wall.moreRows', { count })
        : what === 'machines'
          ? t('app.wall.moreMachines', { count })
          : t('app.wall.moreStops', { count })}
    </p>
  )
}
