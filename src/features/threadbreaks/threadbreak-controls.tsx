import { useId } from 'react'
import { CONTROL } from '../../components/form-styles'
import { useT } from '../../components/i18n'
import type { ThreadbreakParams } from './threadbreak-params'

/** The page's own view settings (grouping, source, view, bobbin, head order), kept in the URL. */
export function ThreadbreakControls({
  params,
  set,
}: {
  params: ThreadbreakParams
  set: (patch: Partial<ThreadbreakParams>) => void
}) {
  const { t } = useT()
  const id = useId()
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="flex flex-col">
        <label htmlFor={`${id}-grouping`} className="text-sm">
          {t('threadbreaks.controls.show')}
        </label>
        <select
          id={`${id}-grouping`}
          className={CONTROL}
          value={params.grouping}
          onChange={(e) => set({ grouping: e.target.value as ThreadbreakParams['grouping'] })}
        >
          <option value="HN">{t('threadbreaks.controls.headsNeedles')}</option>
          <option value="H">{t('threadbreaks.controls.heads')}</option>
          <option value="N">{t('threadbreaks.controls.needles')}</option>
        </select>
      </div>
      <div className="flex flex-col">
        <label htmlFor={`${id}-source`} className="text-sm">
          {t('threadbreaks.controls.source')}
        </label>
        <select
          id={`${id}-source`}
          className={CONTROL}
          value={params.source}
          onChange={(e) => set({ source: e.target.value as ThreadbreakParams['source'] })}
        >
          <option value="report">{t('threadbreaks.controls.report')}</option>
          <option value="aggregated">{t('threadbreaks.controls.aggregated')}</option>
        </select>
      </div>
      <div className="flex flex-col">
        <label htmlFor={`${id}-view`} className="text-sm">
          {t('threadbreaks.controls.view')}
        </label>
        <select
          id={`${id}-view`}
          className={CONTROL}
          value={params.view}
          onChange={(e) => set({ view: e.target.value as ThreadbreakParams['view'] })}
        >
          <option value="chart">
            {params.grouping === 'HN' ? t('threadbreaks.controls.heatmaps') : t('threadbreaks.controls.bars')}
          </option>
          <option value="rows">{t('threadbreaks.controls.rows')}</option>
        </select>
      </div>
      <label className="flex items-center gap-1 self-center">
        <input type="checkbox" checked={params.bobbin} onChange={(e) => set({ bobbin: e.target.checked })} />
        {t('threadbreaks.controls.bobbin')}
      </label>
      <label className="flex items-center gap-1 self-center">
        <input
          type="checkbox"
          checked={params.reverse}
          onChange={(e) => set({ reverse: e.target.checked })}
        />
        {t('threadbreaks.controls.reverse')}
      </label>
    </div>
  )
}
