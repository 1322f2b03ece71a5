import { useId } from 'react'
import { CONTROL } from '../../components/form-styles'
import { useT } from '../../components/i18n'
import { NumberField } from '../../components/ui/number-field'
import type { BoardParams } from './board-params'

/** The board's own controls: grouping, order, when a stop is flagged, the wall's density. */
export function BoardControls({
  params,
  set,
}: {
  params: BoardParams
  set: (patch: Partial<BoardParams>) => void
}) {
  const { t } = useT()
  const id = useId()
  return (
    <div className="flex flex-wrap items-end gap-3">
      <label className="flex items-center gap-1 text-sm">
        <input
          type="checkbox"
          checked={params.group === 'location'}
          onChange={(e) => set({ group: e.target.checked ? 'location' : 'none' })}
        />
        {t('machines.board.groupByLocation')}
      </label>
      <div className="flex flex-col">
        <label htmlFor={`${id}-sort`} className="text-sm">
          {t('machines.board.sort')}
        </label>
        <select
          id={`${id}-sort`}
          className={CONTROL}
          value={params.sort}
          onChange={(e) => set({ sort: e.target.value as BoardParams['sort'] })}
        >
          <option value="urgency">{t('machines.board.byUrgency')}</option>
          <option value="name">{t('machines.board.byName')}</option>
        </select>
      </div>
      <NumberField
        id={`${id}-attention`}
        label={t('machines.board.flagAfter')}
        labelClassName="text-sm"
        inputClassName={`${CONTROL} w-20`}
        min={1}
        max={240}
        value={params.attentionMinutes}
        onChange={(text) => set({ attentionMinutes: Number(text) || params.attentionMinutes })}
      />
      <label className="flex items-center gap-1 text-sm">
        <input
          type="checkbox"
          checked={params.density === 'wall'}
          onChange={(e) => set({ density: e.target.checked ? 'wall' : 'desk' })}
        />
        {t('machines.board.wallDensity')}
      </label>
    </div>
  )
}
