import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { useT } from '../../components/i18n'

/** One row per factory day, one value per shift (the day a shift starts on), for the chart and its table. */
export type DayRow = { day: string } & Record<string, number | string | null>

/** Colour-blind-safe series colours (Okabe–Ito); the legend names each shift. */
const SERIES = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00']
const COMPACT = { notation: 'compact', maximumFractionDigits: 1 } as const

/** Bars per day, one per shift; recharts comes with this module only. No animation. */
export default function ShiftDayChart({
  rows,
  shifts,
  label,
}: {
  rows: DayRow[]
  shifts: string[]
  /** the figure, in the screen's language */
  label: string
}) {
  const { t, number } = useT()
  return (
    <figure>
      <div className="h-72 w-full">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={rows}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="day" tick={{ fontSize: 12 }} interval="preserveStartEnd" />
            <YAxis
              tick={{ fontSize: 12 }}
              width={64}
              tickFormatter={(value: number) => number(value, COMPACT)}
            />
            <Tooltip formatter={(value) => (typeof value === 'number' ? number(value) : value)} />
            <Legend />
            {shifts.map((shift, i) => (
              <Bar key={shift} dataKey={shift} fill={SERIES[i % SERIES.length]} isAnimationActive={false} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="text-sm text-gray-700 dark:text-gray-300">
        {t('shifts.days.chartCaption', { figure: label, shifts: shifts.join(', ') })}
      </figcaption>
    </figure>
  )
}
