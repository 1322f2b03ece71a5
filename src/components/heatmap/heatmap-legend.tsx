import { heatColor } from '../../lib/color-scale'
import { useT } from '../i18n'
import { useDarkTheme } from '../use-dark-theme'

/** The shared colour scale in steps, zero and "no data" included. */
export function HeatmapLegend({ max }: { max: number }) {
  const { t, number } = useT()
  const dark = useDarkTheme()
  const steps = [0, ...[0.25, 0.5, 0.75, 1].map((f) => Math.max(1, Math.round(f * max)))].filter(
    (v, i, all) => all.indexOf(v) === i,
  )
  return (
    <ul className="mt-2 flex flex-wrap items-center gap-2 text-sm" aria-label={t('heatmap.scale')}>
      {steps.map((value) => {
        const fill = heatColor(value, max, dark)
        return (
          <li key={value} className="flex items-center gap-1">
            <span
              aria-hidden="true"
              className={`inline-block h-4 w-6 border ${value === 0 ? 'border-gray-300 bg-gray-50 dark:bg-gray-900' : 'border-transparent'}`}
              style={value ? { backgroundColor: fill } : undefined}
            />
            {value === 0 ? t('heatmap.breaks', { count: 0 }) : number(value)}
          </li>
        )
      })}
      <li className="flex items-center gap-1">
        <span aria-hidden="true" className="inline-block h-4 w-6 border border-dashed border-gray-400" />{' '}
        {t('heatmap.noData')}
      </li>
    </ul>
  )
}
