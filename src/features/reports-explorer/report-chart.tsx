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
import { useT } from '../../components/i18n'
import { timeMs } from '../../components/report-table/format-cell'
import { durationInWords } from '../../lib/duration'
import { formatFactoryDate, formatFactoryTime } from '../../lib/factory-time'
import type { ChartSpec } from './chart-spec'

/** Colour-blind-safe series colours (Okabe–Ito); series also differ by name in the legend. */
const SERIES = ['#0072B2', '#E69F00', '#009E73']

/** The chart of a report; recharts is loaded with this module only (it is large). No animation. Times
 * on the axis are the factory's wall clock; durations are said in hours and minutes. */
export default function ReportChart({
  spec,
  timeZone,
  labels,
}: {
  spec: ChartSpec
  timeZone: string
  /** column headings in plain words */
  labels: ReadonlyMap<string, string>
}) {
  const { t, number } = useT()
  const name = (key: string) => labels.get(key) ?? key
  const timeTick = (value: unknown) => {
    const ms = timeMs(value)
    return ms === null
      ? String(value)
      : `${formatFactoryDate(ms, timeZone)} ${formatFactoryTime(ms, timeZone, false)}`
  }
  const axisProps = {
    dataKey: spec.x,
    tick: { fontSize: 12 },
    interval: 'preserveStartEnd' as const,
    ...(spec.kind === 'line' ? { tickFormatter: timeTick } : {}),
  }
  const yAxis = {
    tick: { fontSize: 12 },
    width: spec.durations ? 88 : 64,
    tickFormatter: (value: number) =>
      spec.durations
        ? durationInWords(value)
        : number(value, { notation: 'compact', maximumFractionDigits: 1 }),
  }
  return (
    <figure>
      <div className="h-72 w-full">
        <ResponsiveContainer width="100%" height="100%">
          {spec.kind === 'line' ? (
            <LineChart data={spec.rows}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis {...axisProps} />
              <YAxis {...yAxis} />
              <Tooltip labelFormatter={timeTick} />
              <Legend />
              {spec.ys.map((y, i) => (
                <Line
                  key={y}
                  name={name(y)}
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
                <Bar key={y} name={name(y)} dataKey={y} fill={SERIES[i]} isAnimationActive={false} />
              ))}
            </BarChart>
          )}
        </ResponsiveContainer>
      </div>
      <figcaption className="text-sm text-gray-700 dark:text-gray-300">
        {t(spec.kind === 'line' ? 'reports.chart.lineCaption' : 'reports.chart.barsCaption', {
          series: spec.ys.map(name).join(', '),
          x: name(spec.x),
        })}
        {spec.note ? ` ${spec.note}` : ''}
      </figcaption>
    </figure>
  )
}
