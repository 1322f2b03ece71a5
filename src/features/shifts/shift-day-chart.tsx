import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'

/** One row per factory day, one value per shift (the day a shift starts on), for the chart and its table. */
export type DayRow = { day: string } & Record<string, number | string | null>

/** Colour-blind-safe series colours (Okabe–Ito); the legend names each shift. */
const SERIES = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00']
const compact = new Intl.NumberFormat(undefined, { notation: 'compact', maximumFractionDigits: 1 })

/** Bars per day, one per shift; recharts comes with this module only. No animation. */
export default function ShiftDayChart({
  rows,
  shifts,
  label,
}: {
  rows: DayRow[]
  shifts: string[]
  label: string
}) {
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
              tickFormatter={(value: number) => compact.format(value)}
            />
            <Tooltip />
            <Legend />
            {shifts.map((shift, i) => (
              <Bar key={shift} dataKey={shift} fill={SERIES[i % SERIES.length]} isAnimationActive={false} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="text-sm text-gray-700 dark:text-gray-300">
        {label} per day, one bar per shift ({shifts.join(', ')}).
      </figcaption>
    </figure>
  )
}
