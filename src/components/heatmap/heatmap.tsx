import { heatColor, textOn } from '../../lib/color-scale'
import { DataTable } from '../data-table'
import { useT } from '../i18n'
import { ScrollArea } from '../scroll-area'
import { useDarkTheme } from '../use-dark-theme'
import { cellInWords } from './cell-words'
import { HeatmapLegend } from './heatmap-legend'

export interface HeatmapGrid {
  /** head numbers, in display order */
  heads: number[]
  /** needle numbers, in display order (0 = bobbin) */
  needles: number[]
  /** count by `${head}:${needle}`; a missing key means no data for that cell, 0 means no breaks */
  counts: ReadonlyMap<string, number>
}

/** Rows of heads, columns of needles; the count in every cell as text (so it reads without colour and
 * without hovering), totals per row and column, a legend. A real table: screen readers and keyboards
 * can walk it. */
export function Heatmap({ grid, max, caption }: { grid: HeatmapGrid; max: number; caption: string }) {
  const { t, number } = useT()
  const dark = useDarkTheme()
  const cell = (head: number, needle: number) => grid.counts.get(`${head}:${needle}`)
  const rowTotal = (head: number) => grid.needles.reduce((sum, needle) => sum + (cell(head, needle) ?? 0), 0)
  const columnTotal = (needle: number) => grid.heads.reduce((sum, head) => sum + (cell(head, needle) ?? 0), 0)
  return (
    <ScrollArea label={t('app.table.label')}>
      <DataTable
        className="border-collapse text-sm tabular-nums"
        caption={caption}
        captionClassName="mb-1 text-left font-semibold"
        columns={[
          { key: 'head', label: t('heatmap.corner'), className: 'px-1 text-left' },
          ...grid.needles.map((needle) => ({
            key: `needle ${needle}`,
            label: needle === 0 ? t('heatmap.bobbinShort') : needle,
            className: 'px-1',
            headProps: {
              title: needle === 0 ? t('heatmap.bobbin') : t('heatmap.needle', { needle }),
            },
          })),
          { key: 'Total', label: t('heatmap.total'), className: 'px-1' },
        ]}
        footer={
          <tr>
            <th scope="row" className="px-1 text-left">
              {t('heatmap.total')}
            </th>
            {grid.needles.map((needle) => (
              <td key={needle} className="px-1 text-center font-semibold">
                {number(columnTotal(needle))}
              </td>
            ))}
            <td className="px-1 text-right font-semibold">
              {number(grid.heads.reduce((sum, head) => sum + rowTotal(head), 0))}
            </td>
          </tr>
        }
      >
        {grid.heads.map((head) => (
          <tr key={head}>
            <th scope="row" className="px-1 text-left">
              {head}
            </th>
            {grid.needles.map((needle) => {
              const count = cell(head, needle)
              const fill = count === undefined ? undefined : heatColor(count, max, dark)
              const label = cellInWords(t, head, needle, count)
              return (
                <td
                  key={needle}
                  title={label}
                  aria-label={label}
                  className={`h-7 min-w-7 border text-center ${
                    count === undefined
                      ? 'border-dashed border-gray-400 text-gray-500'
                      : count === 0
                        ? 'border-gray-300 bg-gray-50 text-gray-400 dark:border-gray-700 dark:bg-gray-900'
                        : 'border-gray-300 dark:border-gray-700'
                  }`}
                  style={fill && count ? { backgroundColor: fill, color: textOn(fill) } : undefined}
                >
                  {count === undefined ? '–' : number(count)}
                </td>
              )
            })}
            <td className="px-1 text-right font-semibold">{number(rowTotal(head))}</td>
          </tr>
        ))}
      </DataTable>
      <HeatmapLegend max={max} />
    </ScrollArea>
  )
}
