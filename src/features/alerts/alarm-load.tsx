import { useQuery } from '@tanstack/react-query'
import type { AlertSettingsPage } from '../../api/alert-settings'
import { appConfigQueryOptions } from '../../api/app-config'
import { DataTable } from '../../components/data-table'
import { ScrollArea } from '../../components/scroll-area'
import { formatFactoryTime } from '../../lib/factory-time'
import { RULE_TITLES, RULES } from './settings-words'

/** Alerts an hour in each shift of the last day against the budget, and the rules that go over it. */
export function AlarmLoad({ page }: { page: AlertSettingsPage }) {
  const config = useQuery(appConfigQueryOptions())
  const timeZone = config.data?.timeZone ?? 'UTC'
  const budget = page.settings.alertsPerHour
  return (
    <section aria-labelledby="alarm-load">
      <h2 id="alarm-load" className="mb-2 text-xl font-semibold">
        Alarm load
      </h2>
      <p className="mb-2 text-sm">
        Budget: {budget} alerts an hour for one person (ISA-18.2 plans for about ten). More makes people
        ignore alarms.
      </p>
      {page.load.noisy.length > 0 && (
        <ul role="alert" className="mb-2 rounded border-2 border-amber-500 p-2">
          {page.load.noisy.map((n) => (
            <li key={`${n.rule}-${n.shift}`}>
              <span aria-hidden="true">⚠ </span>Noisy rule: “{n.name}” raised {n.perHour.toFixed(1)} alerts an
              hour in the {n.shift} shift, over the budget of {budget}. Raise its thresholds or turn it off.
            </li>
          ))}
        </ul>
      )}
      {page.problems.map((p) => (
        <p key={p} role="alert" className="mb-2 rounded border border-amber-500 p-2 text-sm">
          <span aria-hidden="true">⚠ </span>
          {p}
        </p>
      ))}
      <ScrollArea label="The table">
        <DataTable
          className="w-full text-left text-sm"
          caption="Alerts per hour in each shift of the last day"
          columns={[
            { key: 'Shift', className: 'py-1 pr-3' },
            { key: 'Alerts an hour', className: 'py-1 pr-3 text-right' },
            ...RULES.map((r) => ({ key: r, label: RULE_TITLES[r], className: 'py-1 pr-3 text-right' })),
          ]}
        >
          {page.load.shifts.map((s) => (
            <tr key={s.span[0]} className="border-t border-gray-200 dark:border-gray-800">
              <th scope="row" className="py-1 pr-3 font-normal">
                {s.shift} from {formatFactoryTime(s.span[0] * 1000, timeZone, false)}
              </th>
              <td className={`py-1 pr-3 text-right tabular-nums ${s.perHour > budget ? 'font-bold' : ''}`}>
                {s.perHour.toFixed(1)}
                {s.perHour > budget ? ' (over budget)' : ''}
              </td>
              {RULES.map((r) => (
                <td key={r} className="py-1 pr-3 text-right tabular-nums">
                  {s.byRule.find((b) => b.rule === r)?.alerts ?? 0}
                </td>
              ))}
            </tr>
          ))}
        </DataTable>
      </ScrollArea>
    </section>
  )
}
