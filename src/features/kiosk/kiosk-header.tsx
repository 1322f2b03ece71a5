import { useCurrentShift } from '../../api/core/app-config'
import { FactoryClock } from '../../components/factory-clock'
import { useT } from '../../components/i18n'
import { useNow } from '../../components/now'
import { formatFactoryTime } from '../../lib/factory-time'
import { QUIET_REFRESH_SECONDS } from './schedule'

/** The wall's header: the page shown, where the rotation is, the shift, how fresh the data is, the
 * factory clock, and the rotation's progress. */
export function KioskHeader({
  title,
  position,
  count,
  dwellMs,
  startedAt,
  lastGood,
  quiet,
  timeZone,
  onlyScreens,
}: {
  title: string
  position: number
  count: number
  /** the rotation is one page's screens, which the title already numbers ("1/2") */
  onlyScreens: boolean
  dwellMs: number
  startedAt: number
  lastGood: number
  quiet: null | { next: string; at: number }
  timeZone: string | undefined
}) {
  const { t } = useT()
  const shift = useCurrentShift(useNow())
  return (
    <header className="border-b border-gray-700">
      {/* items keep their shape (placeholders while the configuration loads, no line breaks inside), so
          the header never changes height under the page */}
      <div className="flex flex-wrap items-baseline gap-x-6 gap-y-1 px-4 py-2 whitespace-nowrap">
        <h1 className="text-kiosk-xl font-bold">{title}</h1>
        {!onlyScreens && count > 1 && (
          <p className="text-kiosk-sm text-gray-300">
            {t('kiosk.header.page', { position: position + 1, count })}
          </p>
        )}
        <p className={`ml-auto text-kiosk-base ${shift === undefined ? 'invisible' : ''}`}>
          {/* the shift's words are the header's of every page (the part `app`, loaded on the wall too) */}
          {shift
            ? `${t('app.shift.named', { name: shift.shift.name })} ${t('app.shift.until', { time: shift.shift.to })}`
            : shift === null
              ? t('app.shift.between')
              : `${t('app.shift.named', { name: 'Early' })} ${t('app.shift.until', { time: '14:00' })}`}
        </p>
        {quiet && timeZone && (
          <p className="text-kiosk-sm text-gray-300">
            {t('kiosk.header.quiet', {
              minutes: QUIET_REFRESH_SECONDS / 60,
              shift: quiet.next,
              time: formatFactoryTime(quiet.at * 1000, timeZone, false),
            })}
          </p>
        )}
        <p className={`text-kiosk-sm text-gray-300 ${timeZone ? '' : 'invisible'}`}>
          {t('kiosk.header.dataFrom', {
            time: timeZone ? formatFactoryTime(lastGood, timeZone) : '00:00:00 AM',
          })}
        </p>
        <div className="text-kiosk-lg">
          {timeZone ? (
            <FactoryClock timeZone={timeZone} />
          ) : (
            <p className="invisible tabular-nums">
              00:00:00 AM <span className="text-sm">Europe/Berlin</span>
            </p>
          )}
        </div>
      </div>
      {/* rotation progress: one CSS animation per page, no timer per frame */}
      <div className="h-1.5 bg-gray-800" role="presentation">
        <div
          key={`${position}-${startedAt}`}
          className="kiosk-progress h-full bg-sky-400"
          style={{ animationDuration: `${dwellMs}ms` }}
        />
      </div>
    </header>
  )
}
