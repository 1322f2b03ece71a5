import { Suspense, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { useKnownFactoryZone } from '../../api/core/app-config'
import { usePhone } from '../../components/fold-on-phone'
import { useT } from '../../components/i18n'
import { useNow } from '../../components/now'
import { lazyPart } from '../../components/with-messages'
import type { Alert } from '../../lib/domain'
import { AcknowledgeButton } from './acknowledge'
import { alertOrder, alertPath, causeWords, clearWords, isOpen, onItWords, sinceWords } from './alert-words'
import { useFloorAlerts } from './floor-alerts'
import { useAlertSignals } from './signals'

// a machine's stop and its reason (issue 35): giving one also says "I'm on it"
const TileReason = lazyPart(
  'src/features/stops/tile-reason.tsx',
  () => import('../stops/tile-reason'),
  (module) => module.TileReason,
)

/** How many alerts the bar lists before "and N more". */
const SHOWN = 3

/**
 * Every dashboard page's alert bar (issue 19): at the bottom of the window, what needs someone now, since
 * when, who is on it, and "I'm on it". It takes room at the end of the page, so nothing above it moves
 * when an alert arrives. Recently cleared alerts are listed quietly with their all clear.
 */
export default function AlertBar() {
  const { t } = useT()
  const data = useFloorAlerts()
  const timeZone = useKnownFactoryZone()
  useAlertSignals(data, timeZone)
  // on a phone the bar starts folded to its heading ("⚠ 2 alerts, 1 waiting", "Show"): open, its first
  // alert took a quarter of the screen and covered the board's first machine (issue 55)
  const phone = usePhone()
  const [chosen, setFolded] = useState<boolean | null>(null)
  const folded = chosen ?? phone
  const { pathname } = useLocation()
  // the alerts page lists them all itself
  if (!data || !timeZone || data.alerts.length === 0 || pathname === '/alerts') return null
  const ordered = alertOrder(data.alerts)
  const open = ordered.filter(isOpen)
  const waiting = open.filter((a) => a.acknowledgedAt === null).length
  const shown = ordered.slice(0, SHOWN)
  return (
    <section
      aria-label={t('alertBar.bar.label')}
      className={`sticky bottom-0 z-30 print:hidden border-t-4 bg-white shadow-[0_-2px_8px_rgba(0,0,0,0.15)] dark:bg-gray-950 ${waiting > 0 ? 'border-red-600' : open.length > 0 ? 'border-amber-500' : 'border-emerald-600'}`}
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-1">
        <h2 className="text-base font-bold">
          {open.length === 0 ? (
            <>
              <span aria-hidden="true">✓ </span>
              {t('alertBar.bar.allClear')}
            </>
          ) : (
            <>
              <span aria-hidden="true">⚠ </span>
              {waiting > 0 && waiting < open.length
                ? t('alertBar.bar.openWaiting', { count: open.length, waiting })
                : t('alertBar.bar.open', { count: open.length })}
            </>
          )}
        </h2>
        <Link
          to="/alerts"
          className="text-sm underline underline-offset-4 max-sm:flex max-sm:min-h-11 max-sm:items-center"
        >
          {t('alertBar.bar.all')}
        </Link>
        <button
          type="button"
          className="ml-auto min-h-11 px-2 text-sm underline sm:min-h-0"
          aria-expanded={!folded}
          onClick={() => setFolded(!folded)}
        >
          {folded ? t('alertBar.bar.show') : t('alertBar.bar.hide')}
        </button>
      </div>
      {!folded && (
        <ul className="max-h-[40vh] overflow-y-auto px-4 pb-2">
          {/* on a phone the first only: the bar must leave the machines room */}
          {shown.map((alert, i) => (
            <AlertLine
              key={alert.id}
              alert={alert}
              timeZone={timeZone}
              className={i > 0 ? 'max-sm:hidden' : ''}
            />
          ))}
          {ordered.length > 1 && (
            <li className={`py-1 text-sm ${ordered.length > SHOWN ? '' : 'sm:hidden'}`}>
              <Link to="/alerts" className="underline max-sm:flex max-sm:min-h-11 max-sm:items-center">
                <span className="sm:hidden">{t('alertBar.bar.more', { count: ordered.length - 1 })}</span>
                <span className="max-sm:hidden">
                  {t('alertBar.bar.more', { count: ordered.length - SHOWN })}
                </span>
              </Link>
            </li>
          )}
        </ul>
      )}
    </section>
  )
}

function AlertLine({ alert, timeZone, className }: { alert: Alert; timeZone: string; className: string }) {
  const { t } = useT()
  const now = useNow() * 1000
  const onIt = onItWords(alert, timeZone, t)
  const cleared = clearWords(alert, timeZone, t)
  const cause = causeWords(alert, t)
  if (alert.clearedAt !== null) {
    return (
      <li
        className={`flex flex-wrap items-baseline gap-x-2 border-t border-gray-200 py-1 text-sm text-gray-700 dark:border-gray-800 dark:text-gray-300 ${className}`}
      >
        <span aria-hidden="true">✓</span>
        <span>
          <MachineLink alert={alert} /> — {cause}
        </span>
        <span>{cleared}</span>
      </li>
    )
  }
  return (
    <li
      className={`flex flex-wrap items-center gap-x-3 gap-y-1 border-t border-gray-200 py-1 dark:border-gray-800 ${className}`}
    >
      <span
        className={`rounded px-1.5 text-sm font-bold ${alert.acknowledgedAt === null ? 'alert-flash bg-red-700 text-white' : 'bg-amber-300 text-gray-950'}`}
      >
        {alert.acknowledgedAt === null ? t('alertBar.state.needsSomeone') : t('alertBar.state.onIt')}
      </span>
      <span className="font-semibold">
        <MachineLink alert={alert} /> — {cause}
      </span>
      <span className="text-sm">{sinceWords(alert, now, timeZone, t)}</span>
      {cleared && <span className="text-sm">{cleared}</span>}
      {onIt ? <span className="text-sm font-medium">{onIt}</span> : <AcknowledgeButton alert={alert} />}
      {alert.rule === 'state' && (
        <Suspense fallback={null}>
          <TileReason machineId={alert.machineId} machineName={alert.machineName} />
        </Suspense>
      )}
    </li>
  )
}

const MachineLink = ({ alert }: { alert: Alert }) => (
  <Link to={alertPath(alert)} className="underline underline-offset-2">
    {alert.machineName}
  </Link>
)
