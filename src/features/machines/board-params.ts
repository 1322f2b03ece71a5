import { type BoardState, DEFAULT_ATTENTION_MINUTES, type SortOrder } from '../../lib/machine-state'

/** The board drawn for a desk (tiles) or for a wall across the hall (wall-board.tsx). */
export type Density = 'desk' | 'wall'

/** The board's own view settings in the URL (beside the shared filters). */
export interface BoardParams {
  states: BoardState[]
  sort: SortOrder
  density: Density
  attentionMinutes: number
  /** machines in rows per location (the default), or one urgency order across locations */
  group: 'location' | 'none'
  /** only the machines that need someone (the summary's "Needs attention" chip) */
  onlyAttention: boolean
}

const STATES: BoardState[] = [
  'running',
  'stopped',
  'threadbreak',
  'setup',
  'idle',
  'error',
  'not-reporting',
  'unknown',
]

export function boardParams(search: URLSearchParams): BoardParams {
  const minutes = Number(search.get('attention'))
  return {
    states: (search.get('status') ?? '')
      .split(',')
      .filter((s): s is BoardState => (STATES as string[]).includes(s)),
    sort: search.get('sort') === 'name' ? 'name' : 'urgency',
    density: search.get('density') === 'wall' ? 'wall' : 'desk',
    attentionMinutes: Number.isFinite(minutes) && minutes > 0 ? minutes : DEFAULT_ATTENTION_MINUTES,
    group: search.get('group') === 'none' ? 'none' : 'location',
    onlyAttention: search.get('only') === 'attention',
  }
}

export function withBoardParams(search: URLSearchParams, params: BoardParams): URLSearchParams {
  const next = new URLSearchParams(search)
  for (const key of ['status', 'sort', 'density', 'attention', 'group', 'only']) next.delete(key)
  if (params.states.length) next.set('status', params.states.join(','))
  if (params.sort !== 'urgency') next.set('sort', params.sort)
  if (params.density !== 'desk') next.set('density', params.density)
  if (params.attentionMinutes !== DEFAULT_ATTENTION_MINUTES)
    next.set('attention', String(params.attentionMinutes))
  if (params.group !== 'location') next.set('group', params.group)
  if (params.onlyAttention) next.set('only', 'attention')
  return next
}

export { STATES as BOARD_STATES }
