/** The thread-break page's own view settings in the URL (beside the shared filters). */
export type Grouping = 'HN' | 'H' | 'N'
export type Source = 'report' | 'aggregated'
export type View = 'chart' | 'rows'

export interface ThreadbreakParams {
  /** HN: a heatmap of heads × needles; H / N: bars per head / needle (reference 4.3 grouping) */
  grouping: Grouping
  /** `/reports/threadbreaks` (4.3) or `/reports/threadbreaks-by-machine/aggregated` (4.4) */
  source: Source
  /** includeBobbinThreadbreaks: the needle-0 column */
  bobbin: boolean
  /** heads from the highest down, for machines mounted the other way round (4.4 reverseHeadOrder) */
  reverse: boolean
  view: View
}

const GROUPINGS: Grouping[] = ['HN', 'H', 'N']

export function threadbreakParams(search: URLSearchParams): ThreadbreakParams {
  const grouping = search.get('grouping')
  return {
    grouping: GROUPINGS.includes(grouping as Grouping) ? (grouping as Grouping) : 'HN',
    source: search.get('source') === 'aggregated' ? 'aggregated' : 'report',
    bobbin: search.get('bobbin') === '1',
    reverse: search.get('reverse') === '1',
    view: search.get('view') === 'rows' ? 'rows' : 'chart',
  }
}

export function withThreadbreakParams(search: URLSearchParams, params: ThreadbreakParams): URLSearchParams {
  const next = new URLSearchParams(search)
  for (const key of ['grouping', 'source', 'bobbin', 'reverse', 'view']) next.delete(key)
  if (params.grouping !== 'HN') next.set('grouping', params.grouping)
  if (params.source !== 'report') next.set('source', params.source)
  if (params.bobbin) next.set('bobbin', '1')
  if (params.reverse) next.set('reverse', '1')
  if (params.view !== 'chart') next.set('view', params.view)
  return next
}

/** The aggregated endpoint names the groupings differently (reference 4.4). */
export const AGGREGATED_GROUPING = { HN: 'both', H: 'head', N: 'needle' } as const
