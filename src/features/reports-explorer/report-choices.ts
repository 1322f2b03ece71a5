import { IGNORE_OUTLIERS, type IgnoreOutliers, type ReportPath } from '../../api/contract/report-params'
import type { MessageKey, Translator } from '../../lib/i18n/translator'

/** A grouping a report takes as its own parameter: the choices, the one used when the URL names none
 * (or one the report does not take), and whether head order may be reversed. */
export interface OwnGrouping {
  values: string[]
  fallback: string
  reverse: boolean
}

/** The report's own parameters where the reference names them (4.3, 4.4), as URL parameters. */
export const OWN_GROUPINGS: Partial<Record<ReportPath, OwnGrouping>> = {
  '/reports/threadbreaks': { values: ['HN', 'H', 'N'], fallback: 'HN', reverse: false },
  '/reports/threadbreaks-by-machine/aggregated': {
    values: ['both', 'head', 'needle'],
    fallback: 'both',
    reverse: true,
  },
}

/** The two reports spell the same groupings differently; the page offers them in the same words
 * (messages). */
export const GROUPING_LABELS: Record<string, MessageKey> = {
  HN: 'reports.grouping.headAndNeedle',
  H: 'reports.grouping.head',
  N: 'reports.grouping.needle',
  both: 'reports.grouping.headAndNeedle',
  head: 'reports.grouping.head',
  needle: 'reports.grouping.needle',
}

/** The grouping the URL asks for when the report takes it, else the report's fallback; none for a
 * report without a grouping of its own. */
export function chosenGrouping(own: OwnGrouping | undefined, asked: string | null): string | undefined {
  return own?.values.includes(asked ?? '') ? asked! : own?.fallback
}

/** The share of outlying passes the URL leaves out when it is one the API takes, else 0 (none): a
 * hand-edited URL cannot send the API a value it refuses. */
export function chosenOutliers(asked: string | null): IgnoreOutliers {
  const outliers = Number(asked ?? '0')
  return (IGNORE_OUTLIERS as readonly number[]).includes(outliers) ? (outliers as IgnoreOutliers) : 0
}

export const outliersLabel = (value: IgnoreOutliers, t: Translator['t']) =>
  value === 0 ? t('reports.outliers.none') : t('reports.outliers.percent', { percent: value })

const FILTER_WORDS: Readonly<Record<'machines' | 'location', MessageKey>> = {
  machines: 'reports.unapplied.machines',
  location: 'reports.unapplied.location',
}

/** The filters a report cannot apply, named as the filter bar names them (in the words of the sentence
 * "This report cannot be filtered by …", reports.result.unapplied*). */
export const unappliedInWords = (unapplied: ReadonlyArray<keyof typeof FILTER_WORDS>, t: Translator['t']) =>
  unapplied
    .map((f) => t(FILTER_WORDS[f]))
    .reduce((first, second) => t('reports.unapplied.or', { first, second }))
