import { type ReactNode, useLayoutEffect, useRef, useState } from 'react'
import { useT } from './i18n'

/**
 * A box whose content may be wider (or, with `className` setting a height, taller) than the screen: it
 * scrolls, says so in words when it does ("scroll sideways for more"), fades at the edge where more
 * is hidden, and can be scrolled with the keyboard (focusable, named) only when there is something to
 * scroll.
 */
export function ScrollArea({
  label,
  className = '',
  scrollRef,
  children,
}: {
  /** the scrolling element, for a virtualizer */
  scrollRef?: React.RefObject<HTMLDivElement | null>
  /** what the box holds, for screen readers and the cue ("the table") */
  label: string
  className?: string
  children: ReactNode
}) {
  const own = useRef<HTMLDivElement>(null)
  const box = scrollRef ?? own
  const { t } = useT()
  const [overflow, setOverflow] = useState({ x: false, y: false, right: false })
  useLayoutEffect(() => {
    const element = box.current
    if (!element) return
    const measure = () => {
      const x = element.scrollWidth > element.clientWidth + 1
      // a box of limited height (className) may scroll down: the keyboard must reach it then too
      const y = element.scrollHeight > element.clientHeight + 1
      const right = x && element.scrollLeft + element.clientWidth < element.scrollWidth - 1
      setOverflow((previous) =>
        previous.x === x && previous.y === y && previous.right === right ? previous : { x, y, right },
      )
    }
    element.addEventListener('scroll', measure, { passive: true })
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure)
    // the observer's first call measures, after the browser's own layout and before paint: measuring
    // here forced a layout in the middle of React's commit, once per table (the shift page has six)
    if (observer) {
      observer.observe(element)
      if (element.firstElementChild) observer.observe(element.firstElementChild)
    } else measure()
    return () => {
      element.removeEventListener('scroll', measure)
      observer?.disconnect()
    }
  }, [box])
  return (
    <div className="relative">
      {overflow.x && (
        <p className="mb-1 text-sm text-gray-700 dark:text-gray-300" data-scroll-cue="">
          ⇆ {t('app.scroll.cue', { label })}
        </p>
      )}
      {/* relative: what is positioned inside (a visually hidden label in a table cell) is held and
          clipped by the scrolling box; otherwise it sits outside it and widens the page */}
      <div
        ref={box}
        className={`relative overflow-auto ${className}`}
        {...(overflow.x || overflow.y
          ? { tabIndex: 0, role: 'region', 'aria-label': t('app.scroll.region', { label }) }
          : {})}
      >
        {children}
      </div>
      {overflow.right && (
        <div
          aria-hidden="true"
          className="pointer-events-none absolute top-0 right-0 bottom-0 w-8 bg-linear-to-l from-gray-50 to-transparent dark:from-gray-950"
        />
      )}
    </div>
  )
}
