import { DataTable } from '../../components/data-table'
import { useT } from '../../components/i18n'
import { ScrollArea } from '../../components/scroll-area'
import { figureAcross, sourceOf } from './figure-rows'
import type { PerShift } from './machines-by-shift'
import { FIGURES, formatFigure } from './shift-figures'

/** The figures of every shift side by side, each against the mean of the shifts, and how it is made. */
export function FiguresTable({ perShift }: { perShift: PerShift[] }) {
  const { t, number } = useT()
  return (
    <ScrollArea label={t('shifts.table.label')}>
      <DataTable
        className="tabular-nums"
        captionClassName="text-left text-sm"
        caption={t('shifts.figures.caption')}
        columns={[
          { key: 'figure', label: t('shifts.common.figure'), className: 'px-2 text-left' },
          ...perShift.map(({ shift }) => ({
            key: `shift ${shift.name}`,
            label: (
              <>
                {shift.name}
                <br />
                <span className="text-sm font-normal">
                  {shift.from}–{shift.to}
                </span>
              </>
            ),
            className: 'px-2 text-right',
          })),
          { key: 'how', label: t('shifts.figures.how'), className: 'px-2 text-left' },
        ]}
      >
        <tr>
          <th scope="row" className="px-2 text-left font-normal">
            {t('shifts.figures.hours')}
          </th>
          {perShift.map(({ shift, hours }) => (
            <td key={shift.name} className="px-2 text-right">
              {number(hours, { maximumFractionDigits: 1 })} h
            </td>
          ))}
          <td className="px-2 text-sm">{t('shifts.figures.hoursSource')}</td>
        </tr>
        {FIGURES.map((figure) => {
          const cells = figureAcross(figure, perShift)
          return (
            <tr key={figure.key}>
              <th scope="row" className="px-2 text-left font-normal">
                {t(figure.label)}
              </th>
              {perShift.map((p, i) => {
                const { value, versus } = cells[i]!
                return (
                  <td key={p.shift.name} className="px-2 text-right">
                    {formatFigure(figure, value, number)}
                    {value === null && (
                      <span className="block text-xs">{t('shifts.figures.notInReport')}</span>
                    )}
                    {versus && (
                      <span className="block text-sm">
                        {t('shifts.figures.versusMean', { change: versus })}
                      </span>
                    )}
                  </td>
                )
              })}
              <td className="px-2 text-sm">{sourceOf(figure, t)}</td>
            </tr>
          )
        })}
      </DataTable>
    </ScrollArea>
  )
}
