import { useVirtualizer } from '@tanstack/react-virtual'
import { useMemo, useRef, useState } from 'react'
import type { Translator } from '../../lib/i18n/translator'
import { DataTable } from '../data-table'
import { useT } from '../i18n'
import { useKiosk } from '../kiosk/kiosk-context'
import { ScrollArea } from '../scroll-area'
import { useWallFit, WallMore } from '../wall-fit'
import type { Column, FlatRow } from './columns'
import { compareCells, formatCell } from './format-cell'

const ROW_HEIGHT = 32
/** rows laid out on the wall at most, before those that fit two screens are kept */
const KIOSK_ROWS = 1500

/** Any report as a table: sortable columns, sticky header, only the visible rows in the DOM (10,000+
 * rows stay fast), a row count. Values are rendered as text, never as HTML. */
export function ReportTable({
  columns,
  rows,
  timeZone,
  caption,
}: {
  columns: Column[]
  rows: FlatRow[]
  timeZone: string
  caption: string
}) {
  const translator = useT()
  const { t } = translator
  const [sort, setSort] = useState<{ key: string; direction: 1 | -1 } | null>(null)
  const sorted = useMemo(() => {
    if (!sort) return rows
    const column = columns.find((c) => c.key === sort.key)
    if (!column) return rows
    return [...rows].sort((a, b) => sort.direction * compareCells(a[sort.key], b[sort.key], column))
  }, [rows, columns, sort])
  const scroller = useRef<HTMLDivElement>(null)
  // on the wall nobody scrolls: the rows that fit the page in two screens are laid out, and a line says
  // how many more the desk page has
  const kiosk = useKiosk().on
  const wall = useWallFit<HTMLDivElement>(Math.min(sorted.length, KIOSK_ROWS), sorted)
  const virtualizer = useVirtualizer({
    enabled: !kiosk,
    count: sorted.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    initialRect: { width: 1200, height: 600 },
  })
  const virtual = virtualizer.getVirtualItems()
  const items: ReadonlyArray<{ index: number; key: number | string | bigint }> = kiosk
    ? sorted.slice(0, wall.shown).map((_, index) => ({ index, key: index }))
    : virtual
  const before = kiosk ? 0 : (virtual[0]?.start ?? 0)
  const after = kiosk ? 0 : virtualizer.getTotalSize() - (virtual.at(-1)?.end ?? 0)
  const sortedBy = sort && {
    column: columns.find((c) => c.key === sort.key)?.label ?? sort.key,
    ascending: sort.direction === 1,
  }
  const toggle = (key: string) =>
    setSort((current) =>
      current?.key === key
        ? current.direction === 1
          ? { key, direction: -1 }
          : null
        : { key, direction: 1 },
    )
  return (
    <div>
      <p className="mb-1 text-sm" aria-live="polite">
        {rowCount(t, rows.length, sortedBy)}
      </p>
      <div ref={wall.ref}>
        <ScrollArea
          scrollRef={scroller}
          label={t('app.table.label')}
          className={`rounded border border-gray-300 dark:border-gray-700 ${kiosk ? 'overflow-visible!' : 'max-h-[65vh]'}`}
        >
          <DataTable
            className="w-full border-collapse text-sm"
            aria-rowcount={rows.length + 1}
            caption={caption}
            headClassName="sticky top-0 z-10 bg-gray-100 dark:bg-gray-800"
            columns={columns.map((c) => ({
              key: c.key,
              className: `px-2 py-1 ${kiosk ? '' : 'whitespace-nowrap'} ${c.kind === 'number' || c.kind === 'duration' ? 'text-right' : 'text-left'}`,
              headProps: {
                'aria-sort':
                  sort?.key === c.key ? (sort.direction === 1 ? 'ascending' : 'descending') : 'none',
              },
              label: (
                <button type="button" className="font-semibold hover:underline" onClick={() => toggle(c.key)}>
                  {c.label ?? c.key}
                  <span aria-hidden="true">
                    {sort?.key === c.key ? (sort.direction === 1 ? ' ▲' : ' ▼') : ''}
                  </span>
                </button>
              ),
            }))}
          >
            {before > 0 && (
              <tr>
                <td colSpan={columns.length} style={{ height: before }} />
              </tr>
            )}
            {items.map((item) => {
              const row = sorted[item.index]!
              return (
                <tr
                  key={item.key}
                  data-wall-item={kiosk ? '' : undefined}
                  aria-rowindex={item.index + 2}
                  className="border-t border-gray-200 dark:border-gray-800"
                  style={{ height: ROW_HEIGHT }}
                >
                  {columns.map((c) => (
                    <td
                      key={c.key}
                      className={`px-2 ${kiosk ? '' : 'whitespace-nowrap'} ${c.kind === 'number' || c.kind === 'duration' ? 'text-right tabular-nums' : ''}`}
                    >
                      {formatCell(row[c.key], c, timeZone, translator)}
                    </td>
                  ))}
                </tr>
              )
            })}
            {after > 0 && (
              <tr>
                <td colSpan={columns.length} style={{ height: after }} />
              </tr>
            )}
          </DataTable>
        </ScrollArea>
      </div>
      <WallMore
        count={kiosk ? wall.more + sorted.length - Math.min(sorted.length, KIOSK_ROWS) : 0}
        what="rows"
        lineRef={wall.moreRef}
      />
    </div>
  )
}

/** "2,000 rows, sorted by Machine ascending": the rows and the sort. */
function rowCount(
  t: Translator['t'],
  count: number,
  sort: { column: string; ascending: boolean } | null,
): string {
  if (!sort) return t('reportTable.rows', { count })
  return sort.ascending
    ? t('reportTable.rowsAscending', { count, column: sort.column })
    : t('reportTable.rowsDescending', { count, column: sort.column })
}
