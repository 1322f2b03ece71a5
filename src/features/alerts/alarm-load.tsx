import type { AlertSettingsPage } from '../../api/alerts/alert-settings'
import { useFactoryZone } from '../../api/core/app-config'
import { DataTable } from '../../components/data-table'
import { useT } from '../../components/i18n'
import { ScrollArea } from '../../components/scroll-area'
import { formatFactoryTime } from '../../lib/factory-time'
import { RULE_NAMES, RULE_TITLES, RULES } from './settings-words'

const ONE_DECIMAL = { minimumFractionDigits: 1, maximumFractionDigits: 1 } as const

/** Alerts an hour in each shift of the last day against the budget, and the rules that go over it. */
export function AlarmLoad({ page }: { page: AlertSettingsPage }) {
  const { t, number } = useT()
  const timeZone = useFactoryZone()
  const budget = page.settings.alertsPerHour
  return (
    <section aria-labelledby="alarm-load">
      <h2 id="alarm-load" className="mb-2 text-xl font-semibold">
        {t('alerts.load.heading')}
      </h2>
      <p className="mb-2 text-sm">{t('alerts.load.budget', { budget })}</p>
      {page.load.noisy.length > 0 && (
        <ul role="alert" className="mb-2 rounded border-2 border-amber-500 p-2">
          {page.load.noisy.map((n) => (
            <li key={`${n.rule}-${n.shift}`}>
              <span aria-hidden="true">⚠ </span>
              {t('alerts.load.noisy', {
                rule: t(RULE_NAMES[n.rule]),
                perHour: number(n.perHour, ONE_DECIMAL),
                shift: n.shift,
                budget,
              })}
            </li>
          ))}
        </ul>
      )}
      {/* the server's own words about its settings */}
      {page.problems.map((p) => (
        <p key={p} role="alert" className="mb-2 rounded border border-amber-500 p-2 text-sm">
          <span aria-hidden="true">⚠ </span>
          {p}
        </p>
      ))}
      <ScrollArea label={t('alerts.common.table')}>
        <DataTable
          className="w-full text-left text-sm"
          caption={t('alerts.load.caption')}
          columns={[
            { key: 'shift', label: t('alerts.load.shift'), className: 'py-1 pr-3' },
            { key: 'per-hour', label: t('alerts.load.perHour'), className: 'py-1 pr-3 text-right' },
            ...RULES.map((r) => ({ key: r, label: t(RULE_TITLES[r]), className: 'py-1 pr-3 text-right' })),
          ]}
        >
          {page.load.shifts.map((s) => (
            <tr key={s.span[0]} className="border-t border-gray-200 dark:border-gray-800">
              <th scope="row" className="py-1 pr-3 font-normal">
                {t('alerts.load.shiftFrom', {
                  shift: s.shift,
                  time: formatFactoryTime(s.span[0] * 1000, timeZone, false),
                })}
              </th>
              <td className={`py-1 pr-3 text-right tabular-nums ${s.perHour > budget ? 'font-bold' : ''}`}>
                {s.perHour > budget
                  ? t('alerts.load.overBudget', { perHour: number(s.perHour, ONE_DECIMAL) })
                  : number(s.perHour, ONE_DECIMAL)}
              </td>
              {RULES.map((r) => (
                <td key={r} className="py-1 pr-3 text-right tabular-nums">
                  {number(s.byRule.find((b) => b.rule === r)?.alerts ?? 0)}
                </td>
              ))}
            </tr>
          ))}
        </DataTable>
      </ScrollArea>
    </section>
  )
}
