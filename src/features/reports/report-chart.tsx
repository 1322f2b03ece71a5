import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts'
import type { ChartSpec } from './chart-spec'

/** Colour-blind-safe series colours (Okabe–Ito); series also differ by name in the legend. */
const SERIES = ['#0072B2', '#E69F00', '#009E73']
const compact = new Intl.NumberFormat(undefined, { notation: 'compact', maximumFractionDigits: 1 })
const yAxis = { tick: { fontSize: 12 }, width: 64, tickFormatter: (value: number) => compact.format(value) }

/** The chart of a report; recharts is loaded with this module only (it is large). No animation. */
export default function ReportChart({ spec }: { spec: ChartSpec }) {
  const axisProps = { dataKey: spec.x, tick: { fontSize: 12 }, interval: 'preserveStartEnd' as const }
  return (
    <figure>
      <div className="h-72 w-full">
        <ResponsiveContainer width="100%" height="100%">
          {spec.kind === 'line' ? (
            <LineChart data={spec.rows}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis {...axisProps} />
              <YAxis {...yAxis} />
              <Tooltip />
              <Legend />
              {spec.ys.map((y, i) => (
                <Line
                  key={y}
                  type="monotone"
                  dataKey={y}
                  stroke={SERIES[i]}
                  dot={false}
                  isAnimationActive={false}
                />
              ))}
            </LineChart>
          ) : (
            <BarChart data={spec.rows}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis {...axisProps} />
              <YAxis {...yAxis} />
              <Tooltip />
              <Legend />
              {spec.ys.map((y, i) => (
                <Bar key={y} dataKey={y} fill={SERIES[i]} isAnimationActive={false} />
              ))}
            </BarChart>
          )}
        </ResponsiveContainer>
      </div>
      <figcaption className="text-sm text-gray-700 dark:text-gray-300">
        {spec.kind === 'line' ? 'Line' : 'Bars'} of {spec.ys.join(', ')} by {spec.x}.
        {spec.note ? ` ${spec.note}` : ''}
      </figcaption>
    </figure>
  )
}
