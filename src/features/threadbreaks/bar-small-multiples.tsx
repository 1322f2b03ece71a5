import { useT } from '../../components/i18n'
import { useDarkTheme } from '../../components/use-dark-theme'
import { heatColor } from '../../lib/color-scale'
import { placeName } from '../../lib/place-name'
import type { MachineBreaks } from './threadbreak-view'

/** Grouping H or N: per machine, one bar per head or needle on the shared scale, the count written
 * above each bar, flagged bars outlined and marked ▲ (not colour alone). An ordered list per machine,
 * so a screen reader reads "head 3: 41 breaks, flagged". */
export function BarSmallMultiples({ machines, max }: { machines: readonly MachineBreaks[]; max: number }) {
  const { t, number } = useT()
  const dark = useDarkTheme()
  return (
    <ul className="flex flex-wrap items-start gap-4" aria-label={t('threadbreaks.bars.label')}>
      {machines.map((m) => {
        const flagged = new Set(m.spots.map((s) => `${s.head}:${s.needle}`))
        return (
          <li key={m.machineId} className="rounded border border-gray-300 p-2 dark:border-gray-700">
            <h3 className="font-semibold break-all">{m.machineName}</h3>
            <p className="text-sm">
              {m.total === 0
                ? t('threadbreaks.common.noBreaks')
                : t('threadbreaks.common.breaks', { count: m.total })}
            </p>
            <ol
              className="mt-1 flex h-36 items-end gap-px"
              aria-label={
                m.bars?.[0]?.head === null
                  ? t('threadbreaks.bars.perNeedle', { machine: m.machineName })
                  : t('threadbreaks.bars.perHead', { machine: m.machineName })
              }
            >
              {(m.bars ?? []).map((bar) => {
                const hot = flagged.has(`${bar.head}:${bar.needle}`)
                const key = bar.head ?? bar.needle ?? 0
                const name = placeName(bar, t)
                const words = t('threadbreaks.bars.bar', { place: name, count: bar.count })
                return (
                  <li key={key} className="flex w-5 flex-col items-center justify-end text-xs tabular-nums">
                    <span className="sr-only">
                      {hot ? t('threadbreaks.bars.barFlagged', { place: name, count: bar.count }) : words}
                    </span>
                    <span aria-hidden="true">{hot ? '▲' : ''}</span>
                    <span aria-hidden="true">{number(bar.count)}</span>
                    <span
                      aria-hidden="true"
                      title={words}
                      className={`w-full ${hot ? 'outline-2 outline-black dark:outline-white' : ''} ${bar.count === 0 ? 'border-b border-gray-400' : ''}`}
                      style={{
                        height: `${max > 0 ? Math.round((bar.count / max) * 96) : 0}px`,
                        backgroundColor: bar.count ? heatColor(bar.count, max, dark) : undefined,
                      }}
                    />
                    <span aria-hidden="true" className="text-gray-600 dark:text-gray-400">
                      {bar.needle === 0 ? t('threadbreaks.bars.bobbinShort') : key}
                    </span>
                  </li>
                )
              })}
            </ol>
          </li>
        )
      })}
    </ul>
  )
}
