import { useVirtualizer } from '@tanstack/react-virtual'
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { CONTROL } from '../../components/form-styles'
import { useT } from '../../components/i18n'
import { type ConeColor, colorNameText, hexOf, searchColors } from '../../lib/thread-cone'

const SWATCH_WIDTH = 120
const ROW_HEIGHT = 92

/** A whole series as swatches, searchable by number or name; only the visible rows are in the DOM.
 * Choosing a swatch asks the service for that colour (GetThreadCone). */
export function CatalogueGrid({
  colors,
  selected,
  onChoose,
}: {
  colors: readonly ConeColor[]
  selected: string | null
  onChoose: (colorNumber: string) => void
}) {
  const { t } = useT()
  const [search, setSearch] = useState('')
  const found = useMemo(() => searchColors(colors, search), [colors, search])
  const scroller = useRef<HTMLElement>(null)
  const [width, setWidth] = useState(960)
  // measured before the first paint (no jump of the swatches), then followed
  useLayoutEffect(() => {
    const measured = scroller.current?.clientWidth
    if (measured) setWidth(measured)
  }, [])
  useEffect(() => {
    const element = scroller.current
    if (!element || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(([entry]) => entry && setWidth(entry.contentRect.width))
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  const columns = Math.max(1, Math.floor(width / SWATCH_WIDTH))
  const rows = Math.ceil(found.length / columns)
  const virtualizer = useVirtualizer({
    count: rows,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 4,
    initialRect: { width: 960, height: 480 },
  })
  const id = useId()
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col">
          <label htmlFor={`${id}-search`} className="text-sm">
            {t('threadCones.catalogue.search')}
          </label>
          <input
            id={`${id}-search`}
            type="search"
            className={CONTROL}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <p role="status" className="text-sm">
          {t('threadCones.catalogue.found', { shown: found.length, count: colors.length })}
        </p>
      </div>
      <section
        ref={scroller}
        className="h-[30rem] overflow-auto rounded border border-gray-300 dark:border-gray-700"
        aria-label={t('threadCones.catalogue.colours')}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll area must be reachable by keyboard
        tabIndex={0}
      >
        <ul className="relative" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().flatMap((row) =>
            found.slice(row.index * columns, row.index * columns + columns).map((color, i) => {
              const name = colorNameText(color) ?? t('threadCones.color.noName')
              const hex = hexOf(color)
              return (
                <li
                  key={`${color.index}|${color.number}`}
                  className="absolute p-1"
                  style={{ top: row.start, left: i * SWATCH_WIDTH, width: SWATCH_WIDTH, height: ROW_HEIGHT }}
                >
                  <button
                    type="button"
                    onClick={() => onChoose(color.number)}
                    aria-pressed={selected === color.number}
                    // the name says first what the swatch shows, word for word (WCAG 2.5.3: a speech user
                    // says what they see), then the hex, which is not shown
                    aria-label={t('threadCones.catalogue.swatch', { number: color.number, name, hex })}
                    className={`flex h-full w-full flex-col items-start rounded border p-1 text-left text-xs ${
                      selected === color.number
                        ? 'border-blue-700 ring-2 ring-blue-700 dark:border-blue-400 dark:ring-blue-400'
                        : 'border-gray-300 dark:border-gray-700'
                    }`}
                  >
                    <span
                      aria-hidden="true"
                      className="block h-9 w-full rounded-sm"
                      style={{ backgroundColor: hex }}
                    />
                    {/* a space between number and name in the button's text (not drawn between flex
                        items), so that the text reads "W100 Paper White", not "W100Paper White" */}
                    <span className="font-semibold">{color.number}</span>{' '}
                    <span className="w-full truncate">{name}</span>
                  </button>
                </li>
              )
            }),
          )}
        </ul>
      </section>
    </div>
  )
}
