import { useId } from 'react'
import { useStatusCodes } from '../../api/core/app-config'
import type { ReportParams } from '../../api/vendor-reports/report-params'
import { useMachineSummary } from '../../api/vendor-reports/reports'
import { FactoryTime } from '../../components/factory-time'
import { useT } from '../../components/i18n'
import { withNodes } from '../../components/message-nodes'
import { QueryState } from '../../components/query-state'
import type { Translator } from '../../lib/i18n/translator'
import { durationInWords, STATE_ICONS, STATE_KEYS } from '../../lib/machine-state'
import { statusTotals } from '../../lib/timeline'

const hours = (seconds: number) => durationInWords(Math.round(seconds))
/** "12 %", "4.5 %" below a tenth, in the screen's language */
const percent = (share: number, number: Translator['number']) => {
  const digits = share < 0.1 ? 1 : 0
  return `${number(share * 100, { minimumFractionDigits: digits, maximumFractionDigits: digits })} %`
}

/**
 * The part of a range before stitchboard began recording (issue 18): no timeline can be drawn there, the
 * portal says what a machine does now, never since when. Its machine summary still keeps the total time per
 * status code, so the page shows those totals, and says that is all they are.
 */
export function BeforeRecording({
  scope,
  from,
  till,
  recordingSince,
  large = false,
}: {
  /** the machines and location asked about (the range comes from `from` and `till`) */
  scope: Omit<ReportParams, 'from' | 'till'>
  /** the range shown, Unix ms */
  from: number
  till: number
  recordingSince: number | null
  /** the kiosk: two lines */
  large?: boolean
}) {
  if (recordingSince === null || recordingSince <= from) return null
  const params = {
    ...scope,
    from: Math.floor(from / 1000),
    till: Math.floor(Math.min(recordingSince, till) / 1000),
  }
  return <PortalTotals params={params} large={large} />
}

function PortalTotals({ params, large }: { params: ReportParams; large: boolean }) {
  const { t, number } = useT()
  const summary = useMachineSummary(params)
  const codes = useStatusCodes()
  const id = useId()
  const dateAndTime = (at: number) => (
    <>
      <FactoryTime epochMs={at * 1000} format="date" />{' '}
      <FactoryTime epochMs={at * 1000} withSeconds={false} />
    </>
  )
  return (
    <section aria-labelledby={id} className={`space-y-1 ${large ? 'text-kiosk-base' : 'text-sm'}`}>
      <h3 id={id} className="font-semibold">
        {t('timeline.before.heading')}
      </h3>
      <p className={large ? 'sr-only' : undefined}>
        {withNodes((m) => t('timeline.before.explained', m), {
          from: dateAndTime(params.from),
          till: dateAndTime(params.till),
        })}
      </p>
      <QueryState
        query={summary}
        isEmpty={(list) => list.records.every((r) => r.secondsByStatus.size === 0)}
        empty={<p>{t('timeline.before.empty')}</p>}
      >
        {(list) => {
          if (!codes) return null
          const totals = statusTotals(
            list.records.map((r) => r.secondsByStatus),
            codes,
            t,
          )
          const states = [...totals.byState].sort((a, b) => b[1] - a[1])
          return (
            <>
              <p>
                {large && (
                  <>
                    {withNodes((m) => t('timeline.before.noTimeline', m), {
                      from: <FactoryTime epochMs={params.from * 1000} withSeconds={false} />,
                      till: <FactoryTime epochMs={params.till * 1000} withSeconds={false} />,
                    })}{' '}
                  </>
                )}
                {withNodes(
                  (m) => t('timeline.before.availability', { ...m, machineTime: hours(totals.totalSeconds) }),
                  {
                    value: (
                      <strong>
                        {totals.availability === null ? '—' : percent(totals.availability, number)}
                      </strong>
                    ),
                  },
                )}
              </p>
              <ul
                className={`flex flex-wrap gap-x-4 ${large ? 'sr-only' : ''}`}
                aria-label={t('timeline.before.perState')}
              >
                {states.map(([state, seconds]) => {
                  const share = percent(seconds / totals.totalSeconds, number)
                  return (
                    <li key={state}>
                      <span aria-hidden="true">{STATE_ICONS[state]} </span>
                      {t(STATE_KEYS[state])}: {hours(seconds)} ({share})
                    </li>
                  )
                })}
              </ul>
              {totals.stopsByCode.length > 0 && (
                <p>
                  {t('timeline.before.stopsByCause', {
                    causes: totals.stopsByCode
                      .slice(0, large ? 3 : 6)
                      .map((c) =>
                        t('timeline.before.causeTime', {
                          label: c.label,
                          code: c.code,
                          time: hours(c.seconds),
                        }),
                      )
                      .join(' · '),
                  })}
                </p>
              )}
            </>
          )
        }}
      </QueryState>
    </section>
  )
}
