import { useQuery } from '@tanstack/react-query'
import { alertSettingsQueryOptions } from '../../api/alerts/alert-settings'
import { useAlerts } from '../../api/alerts/alerts'
import { useT } from '../../components/i18n'
import { QueryState } from '../../components/query-state'
import { AlarmLoad } from './alarm-load'
import { AlertsNow } from './alerts-now'
import { SettingsForm } from './settings-form'
import { ThisBrowser } from './this-browser'

/** /alerts (issue 19): the alerts now, this browser's sound and notifications, the alarm load against its
 * budget, the channels and how their deliveries went, and the rules (changed with ADMIN_TOKEN). */
export function AlertsPage() {
  const { t } = useT()
  const settings = useQuery(alertSettingsQueryOptions())
  // what follows the alerts comes once they are known (or failed): they would push it down as they came
  const listed = !useAlerts().isPending
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-8 p-4">
      <h1 className="text-2xl font-bold">{t('alerts.page.title')}</h1>
      <AlertsNow />
      {listed && (
        <>
          <ThisBrowser />
          <QueryState query={settings} empty={null}>
            {(page) => (
              <>
                <AlarmLoad page={page} />
                <SettingsForm page={page} />
              </>
            )}
          </QueryState>
        </>
      )}
    </div>
  )
}
