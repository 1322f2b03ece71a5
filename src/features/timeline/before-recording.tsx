import { useId } from 'react'
import { useStatusCodes } from '../../api/app-config'
import type { ReportParams } from '../../api/report-params'
import { useMachineSummary } from '../../api/reports'
import { FactoryTime } from '../../components/factory-time'
import { QueryState } from '../../components/query-state'
import { durationInWords, STATE_ICONS, STATE_LABELS } from '../../lib/machine-state'
import { statusTotals } from '../../lib/timeline'

const hours = (seconds: number) => durationInWords(Math.round(seconds))
const percent = (share: number) => `${(share * 100).toFixed(share < 0.1 ? 1 : 0)} %`

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
  const summary = useMachineSummary(params)
  const codes = useStatusCodes()
  const id = useId()
  return (
    <section aria-labelledby={id} className={`space-y-1 ${large ? 'text-kiosk-base' : 'text-sm'}`}>
      <h3 id={id} className="font-semibold">
        Before recording began: the portal’s totals
      </h3>
      <p className={large ? 'sr-only' : undefined}>
        From <FactoryTime epochMs={params.from * 1000} format="date" />{' '}
        <FactoryTime epochMs={params.from * 1000} withSeconds={false} /> to{' '}
        <FactoryTime epochMs={params.till * 1000} format="date" />{' '}
        <FactoryTime epochMs={params.till * 1000} withSeconds={false} /> stitchboard was not recording. The
        portal’s machine summary keeps only the total time per status code: no timeline, no single stops.
      </p>
      <QueryState
        query={summary}
        isEmpty={(list) => list.records.every((r) => r.secondsByStatus.size === 0)}
        empty={<p>The portal has no time per status code for this period either.</p>}
      >
        {(list) => {
          if (!codes) return null
          const totals = statusTotals(
            list.records.map((r) => r.secondsByStatus),
            codes,
          )
          const states = [...totals.byState].sort((a, b) => b[1] - a[1])
          return (
            <>
              <p>
                {large && (
                  <>
                    <FactoryTime epochMs={params.from * 1000} withSeconds={false} />–
                    <FactoryTime epochMs={params.till * 1000} withSeconds={false} />, no timeline:{' '}
                  </>
                )}
                Availability{' '}
                <strong>{totals.availability === null ? '—' : percent(totals.availability)}</strong> of{' '}
                {hours(totals.totalSeconds)} machine time.
              </p>
              <ul
                className={`flex flex-wrap gap-x-4 ${large ? 'sr-only' : ''}`}
                aria-label="Time per state, from the portal’s totals"
              >
                {states.map(([state, seconds]) => (
                  <li key={state}>
                    <span aria-hidden="true">{STATE_ICONS[state]} </span>
                    {STATE_LABELS[state]}: {hours(seconds)} ({percent(seconds / totals.totalSeconds)})
                  </li>
                ))}
              </ul>
              {totals.stopsByCode.length > 0 && (
                <p>
                  Stop time by cause:{' '}
                  {totals.stopsByCode
                    .slice(0, large ? 3 : 6)
                    .map((c) => `${c.label} (code ${c.code}) ${hours(c.seconds)}`)
                    .join(' · ')}
                </p>
              )}
            </>
          )
        }}
      </QueryState>
    </section>
  )
}
