import { DataTable } from '../../components/data-table'
import { ScrollArea } from '../../components/scroll-area'
import { figureAcross, sourceOf } from './figure-rows'
import type { PerShift } from './machines-by-shift'
import { FIGURES, formatFigure } from './shift-figures'

/** The figures of every shift side by side, each against the mean of the shifts, and how it is made. */
export function FiguresTable({ perShift }: { perShift: PerShift[] }) {
  return (
    <ScrollArea label="The table">
      <DataTable
        className="tabular-nums"
        captionClassName="text-left text-sm"
        caption="Totals for the range, as the API’s shift filter counts them: every hour of the shift inside the range, so the morning part of a night shift that began the day before counts too. “vs mean” compares each shift with the mean of all shifts: totals per hour of shift, rates as they are."
        columns={[
          { key: 'Figure', className: 'px-2 text-left' },
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
          { key: 'How it is computed', className: 'px-2 text-left' },
        ]}
      >
        <tr>
          <th scope="row" className="px-2 text-left font-normal">
            Hours of the shift in the range
          </th>
          {perShift.map(({ shift, hours }) => (
            <td key={shift.name} className="px-2 text-right">
              {hours.toLocaleString(undefined, { maximumFractionDigits: 1 })} h
            </td>
          ))}
          <td className="px-2 text-sm">factory calendar, up to now</td>
        </tr>
        {FIGURES.map((figure) => {
          const cells = figureAcross(figure, perShift)
          return (
            <tr key={figure.key}>
              <th scope="row" className="px-2 text-left font-normal">
                {figure.label}
              </th>
              {perShift.map((p, i) => {
                const { value, versus } = cells[i]!
                return (
                  <td key={p.shift.name} className="px-2 text-right">
                    {formatFigure(figure, value)}
                    {value === null && <span className="block text-xs">not in this report</span>}
                    {versus && <span className="block text-sm">{versus} vs mean</span>}
                  </td>
                )
              })}
              <td className="px-2 text-sm">{sourceOf(figure)}</td>
            </tr>
          )
        })}
      </DataTable>
    </ScrollArea>
  )
}
