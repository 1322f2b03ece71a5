import { useId } from 'react'
import { CONTROL } from '../../components/form-styles'
import type { ThreadbreakParams } from './threadbreak-params'

/** The page's own view settings (grouping, source, view, bobbin, head order), kept in the URL. */
export function ThreadbreakControls({
  params,
  set,
}: {
  params: ThreadbreakParams
  set: (patch: Partial<ThreadbreakParams>) => void
}) {
  const id = useId()
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="flex flex-col">
        <label htmlFor={`${id}-grouping`} className="text-sm">
          Show
        </label>
        <select
          id={`${id}-grouping`}
          className={CONTROL}
          value={params.grouping}
          onChange={(e) => set({ grouping: e.target.value as ThreadbreakParams['grouping'] })}
        >
          <option value="HN">Heads × needles (heatmap)</option>
          <option value="H">Heads (bars)</option>
          <option value="N">Needles (bars)</option>
        </select>
      </div>
      <div className="flex flex-col">
        <label htmlFor={`${id}-source`} className="text-sm">
          Source
        </label>
        <select
          id={`${id}-source`}
          className={CONTROL}
          value={params.source}
          onChange={(e) => set({ source: e.target.value as ThreadbreakParams['source'] })}
        >
          <option value="report">Thread-break report</option>
          <option value="aggregated">Aggregated by machine</option>
        </select>
      </div>
      <div className="flex flex-col">
        <label htmlFor={`${id}-view`} className="text-sm">
          View
        </label>
        <select
          id={`${id}-view`}
          className={CONTROL}
          value={params.view}
          onChange={(e) => set({ view: e.target.value as ThreadbreakParams['view'] })}
        >
          <option value="chart">{params.grouping === 'HN' ? 'Heatmaps' : 'Bars'}</option>
          <option value="rows">Rows (by machine, most breaks first)</option>
        </select>
      </div>
      <label className="flex items-center gap-1 self-center">
        <input type="checkbox" checked={params.bobbin} onChange={(e) => set({ bobbin: e.target.checked })} />
        Include bobbin (needle 0)
      </label>
      <label className="flex items-center gap-1 self-center">
        <input
          type="checkbox"
          checked={params.reverse}
          onChange={(e) => set({ reverse: e.target.checked })}
        />
        Reverse head order
      </label>
    </div>
  )
}
