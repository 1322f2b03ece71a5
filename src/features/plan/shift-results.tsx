import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { type ShiftResult, shiftResultsQueryOptions } from '../../api/plan/shift-results'
import { stopSettingsQueryOptions } from '../../api/stops/stops'
import { DataTable } from '../../components/data-table'
import { useT } from '../../components/i18n'
import { useNow } from '../../components/now'
import { DataAge, QueryState } from '../../components/query-state'
import { ScrollArea } from '../../components/scroll-area'
import { Skeleton } from '../../components/skeleton'
import { addDays, dayKeyOf, formatFactoryDate, localDateKey, parseDayKey } from '../../lib/factory-time'
import type { Translator } from '../../lib/i18n/translator'
import { durationInWords } from '../../lib/machine-state'
import { reasonName, type StopReason } from '../../lib/stop-reasons'
import { percentOf } from './part-pace'

/** The most days asked at once (the server's bound). */
const MAX_DAYS = 31

type T = Translator['t']
type NumberFormat = Translator['number']

/** "Availability 71 %: most lost to Waiting for garments, 3 h 10 min; performance 64 %: South 04 ran at
 * 48 % of set speed" */
export function lossWords(
  r: ShiftResult,
  reasons: readonly StopReason[],
  t: T,
  number: NumberFormat,
): string {
  const parts: string[] = []
  if (r.largestStop && r.largestStop.ms > 0) {
    const reason = reasons.find((x) => x.id === r.largestStop?.reason)
    parts.push(
      t('plan.results.lossStop', {
        availability: percentOf(r.availability, number),
        reason:
          r.largestStop.reason === null
            ? t('stops.words.noReason')
            : reason
              ? reasonName(reason, t)
              : r.largestStop.reason,
        duration: durationInWords(r.largestStop.ms / 1000),
      }),
    )
  }
  if (r.slowest)
    parts.push(
      t('plan.results.lossSlow', {
        performance: percentOf(r.performance, number),
        machine: r.slowest.name,
        share: percentOf(r.slowest.performance, number),
      }),
    )
  const words = parts.join('; ')
  return words.charAt(0).toLocaleUpperCase() + words.slice(1)
}

/** Made against the target, in pieces where a piece target was set, else in stitches. */
function madeWords(r: ShiftResult, t: T, number: NumberFormat) {
  const pieces = r.target.pieces !== null && r.pieces !== null
  const target = pieces ? r.target.pieces : r.target.stitches
  const made = pieces ? r.pieces : r.stitches
  if (target === null || made === null) return { text: made === null ? '—' : number(made), met: null }
  return {
    text: t('plan.results.ofTarget', {
      unit: pieces ? t('plan.unit.pieces') : t('plan.unit.stitches'),
      made: number(Math.round(made)),
      target: number(Math.round(target)),
      percent: target > 0 ? number((made / target) * 100, { maximumFractionDigits: 0 }) : '—',
    }),
    met: made >= target,
    byDefault: (pieces ? r.target.piecesFrom : r.target.stitchesFrom) === 'default',
  }
}

/**
 * The shift page's section: every shift that ended in the page's range (or the last 30 days), against the
 * target in force then, with OEE and its three factors and where it lost most, in words.
 */
export function ShiftResults({ from, till, timeZone }: { from: number; till: number; timeZone: string }) {
  const { t, number } = useT()
  const headingId = useId()
  const [span, setSpan] = useState<'range' | 'month'>('month')
  const now = useNow()
  // the page's range up to today, at most its last 31 days; or the 30 days up to today
  const last = localDateKey(span === 'month' ? now : Math.min(till - 1, now), timeZone)
  const earliest = dayKeyOf(addDays(parseDayKey(last), -(span === 'month' ? 29 : MAX_DAYS - 1)))
  const asked = localDateKey(from, timeZone)
  const first = span === 'month' || asked < earliest ? earliest : asked
  const results = useQuery(shiftResultsQueryOptions(first, last))
  const settings = useQuery(stopSettingsQueryOptions())
  const reasons = settings.data?.settings.reasons ?? []
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h2 id={headingId} className="text-xl font-semibold">
        {t('plan.results.heading')}
      </h2>
      <p className="text-sm text-gray-700 dark:text-gray-300">{t('plan.results.intro')}</p>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={`${headingId}-span`}>{t('plan.results.span')}</label>
        <select
          id={`${headingId}-span`}
          className="max-w-full rounded border border-gray-400 px-2 py-1 dark:border-gray-600 dark:bg-gray-900"
          value={span}
          onChange={(e) => setSpan(e.target.value === 'month' ? 'month' : 'range')}
        >
          <option value="month">{t('plan.results.spanMonth')}</option>
          <option value="range">{t('plan.results.spanRange')}</option>
        </select>
      </div>
      {span === 'range' && asked < earliest && <p role="note">{t('plan.results.cut', { days: MAX_DAYS })}</p>}
      <QueryState
        query={results}
        isEmpty={(data) => data.shifts.length === 0}
        empty={
          <p>
            {results.data?.reason
              ? t('plan.results.noHistory', { reason: results.data.reason })
              : t('plan.results.none')}
          </p>
        }
      >
        {(data) => {
          // the reasons' names come with the stop settings: until they are read, a reason would show as
          // its id ("waiting-garments"); if they cannot be read, it does
          if (settings.isPending) return <Skeleton label={t('plan.results.heading')} />
          const rows = [...data.shifts].reverse()
          const made = rows.map((r) => madeWords(r, t, number))
          const met = made.filter((m) => m.met === true).length
          const judged = made.filter((m) => m.met !== null).length
          return (
            <>
              <p>{t('plan.results.summary', { count: rows.length, met, judged })}</p>
              <ScrollArea label={t('plan.results.heading')}>
                <DataTable
                  className="tabular-nums"
                  columns={[
                    { key: 'shift', label: t('plan.results.shift'), className: 'px-2 text-left' },
                    { key: 'made', label: t('plan.results.made'), className: 'px-2 text-left' },
                    { key: 'a', label: t('plan.oee.availability'), className: 'px-2 text-right' },
                    { key: 'p', label: t('plan.oee.performance'), className: 'px-2 text-right' },
                    { key: 'q', label: t('plan.oee.quality'), className: 'px-2 text-right' },
                    { key: 'oee', label: t('plan.oee.oee'), className: 'px-2 text-right' },
                    { key: 'loss', label: t('plan.results.loss'), className: 'px-2 text-left' },
                  ]}
                >
                  {rows.map((r, i) => (
                    <tr key={`${r.day}-${r.shift}`} className="border-t border-gray-200 dark:border-gray-800">
                      <th scope="row" className="px-2 text-left font-normal whitespace-nowrap">
                        {t('plan.results.row', { shift: r.shift, day: formatFactoryDate(r.start, timeZone) })}
                      </th>
                      <td className="px-2">
                        {made[i]!.met !== null && (
                          <span aria-hidden="true">{made[i]!.met ? '✓ ' : '✗ '}</span>
                        )}
                        {made[i]!.text}
                        {made[i]!.met !== null && (
                          <span className="sr-only">
                            {' '}
                            {made[i]!.met ? t('plan.results.met') : t('plan.results.missed')}
                          </span>
                        )}
                        {made[i]!.byDefault && ` ${t('plan.byLocation.defaultTarget')}`}
                      </td>
                      <td className="px-2 text-right">{percentOf(r.availability, number)}</td>
                      <td className="px-2 text-right">{percentOf(r.performance, number)}</td>
                      <td className="px-2 text-right">{percentOf(r.quality, number)}</td>
                      <td className="px-2 text-right font-semibold">
                        {percentOf(r.oee ?? null, number)}
                        {r.oee !== null && r.quality === null && ` ${t('plan.results.noQuality')}`}
                      </td>
                      <td className="px-2 text-left">{lossWords(r, reasons, t, number)}</td>
                    </tr>
                  ))}
                </DataTable>
              </ScrollArea>
              <DataAge updatedAt={results.dataUpdatedAt} />
            </>
          )
        }}
      </QueryState>
    </section>
  )
}
