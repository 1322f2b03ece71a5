import { Link, useSearchParams } from 'react-router'
import { WidgetErrorBoundary } from '../../components/error-boundary'
import { FilterBar } from '../../components/filters/filter-bar'
import { useReportScope } from '../../components/filters/use-filters'
import { FoldOnPhone, settingsInSearch } from '../../components/fold-on-phone'
import { useT } from '../../components/i18n'
import { NotInKiosk } from '../../components/kiosk/kiosk-context'
import { Skeleton } from '../../components/skeleton'
import { filterSearch } from '../../lib/filters'
import { Breaks } from './breaks'
import { ThreadbreakControls } from './threadbreak-controls'
import { type ThreadbreakParams, threadbreakParams, withThreadbreakParams } from './threadbreak-params'

/** Thread breaks by head and needle for every machine in scope: where to look first, the heatmaps on
 * one colour scale (or bars per head / needle), and the rows behind them. */
export function ThreadbreaksPage() {
  const { t } = useT()
  const [search, setSearch] = useSearchParams()
  const params = threadbreakParams(search)
  const set = (patch: Partial<ThreadbreakParams>) =>
    setSearch((current) => withThreadbreakParams(current, { ...threadbreakParams(current), ...patch }))
  const scope = useReportScope()
  return (
    <section className="space-y-3 p-4" aria-labelledby="threadbreaks-heading">
      <h1 id="threadbreaks-heading" className="text-2xl font-semibold">
        {t('threadbreaks.page.title')}
      </h1>
      <FoldOnPhone set={settingsInSearch(search)}>
        <div className="flex flex-wrap items-end gap-x-6 gap-y-2">
          <FilterBar />
          <NotInKiosk>
            <ThreadbreakControls params={params} set={set} />
          </NotInKiosk>
        </div>
      </FoldOnPhone>
      <NotInKiosk>
        <div className="text-sm">
          <Link className="underline" to={{ pathname: '/design-breaks', search: filterSearch(search) }}>
            {t('threadbreaks.page.designBreaks')}
          </Link>
        </div>
      </NotInKiosk>
      {scope.status === 'loading' && <Skeleton />}
      {scope.status === 'error' && (
        <p role="alert" className="rounded border border-red-600 p-3">
          {scope.error}
        </p>
      )}
      {scope.status === 'ready' && (
        <WidgetErrorBoundary name={t('threadbreaks.page.widget')}>
          <Breaks scope={scope.params} range={scope.range} params={params} />
        </WidgetErrorBoundary>
      )}
    </section>
  )
}
