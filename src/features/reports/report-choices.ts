import { IGNORE_OUTLIERS, type IgnoreOutliers, type ReportPath } from '../../api/contract/report-params'

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

/** The two reports spell the same groupings differently; the page offers them in the same words. */
export const GROUPING_LABELS: Record<string, string> = {
  HN: 'Head and needle',
  H: 'Head only',
  N: 'Needle only',
  both: 'Head and needle',
  head: 'Head only',
  needle: 'Needle only',
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

export const outliersLabel = (value: IgnoreOutliers) => (value === 0 ? 'None' : `${value} %`)

const FILTER_WORDS = { machines: 'the machine choice', location: 'the location' } as const

/** The filters a report cannot apply, named as the filter bar names them. */
export const unappliedInWords = (unapplied: ReadonlyArray<keyof typeof FILTER_WORDS>) =>
  unapplied.map((f) => FILTER_WORDS[f]).join(' or ')
