import { lazy, Suspense } from 'react'
import { useThreadConeSource } from '../../api/core/app-config'
import { WidgetErrorBoundary } from '../../components/error-boundary'
import { useT } from '../../components/i18n'
import { Skeleton } from '../../components/skeleton'
import { WhenNear } from '../../components/when-near'
import { ColorAnswer } from './color-answer'
import { DemoCatalogueNote, LookupNotConfigured } from './cone-source'
import { LookupForm } from './lookup-form'
import { RecentLookups } from './recent-lookups-list'
import { useLookupParams } from './use-lookup-params'

/** Thread-cone colours (reference 4.8): manufacturer → series → colour, the answer of GetThreadCone,
 * the whole series as swatches, and the nearest colours of other series by ΔE00. Without a job interface
 * (the vendor's API, no JOB_API_URL) the page says how to configure one; on the demo's, that the colours
 * are the demo's. */
export function ThreadConesPage() {
  const { t } = useT()
  const { source, failed } = useThreadConeSource()
  return (
    <section className="space-y-4 p-4" aria-labelledby="cones-heading">
      <h1 id="cones-heading" className="text-2xl font-semibold">
        {t('threadCones.page.title')}
      </h1>
      {source === 'none' ? (
        <LookupNotConfigured />
      ) : source === undefined && !failed ? (
        // the configuration is preloaded with the page (server/page-hints.ts): this is seldom seen; the
        // form's room is kept meanwhile (its fields wrap onto three rows on a phone)
        <Skeleton lines={2} label={t('threadCones.page.loading')} className="min-h-[10rem] sm:min-h-[4rem]" />
      ) : (
        // a configuration that could not be read leaves the look-up as it is: its own answers say what fails
        <LookUp demo={source === 'demo'} />
      )}
    </section>
  )
}

/** The series' swatches, with the virtual list that draws them (10 KiB gzip): loaded when the catalogue
 * comes near the screen, not with the page. */
const Catalogue = lazy(() => import('./catalogue').then((m) => ({ default: m.Catalogue })))

function LookUp({ demo }: { demo: boolean }) {
  const { t } = useT()
  const lookup = useLookupParams()
  return (
    <>
      {demo && <DemoCatalogueNote />}
      <WidgetErrorBoundary name={t('threadCones.widget.lookup')}>
        <LookupForm lookup={lookup} />
      </WidgetErrorBoundary>
      {lookup.manufacturer && lookup.series && lookup.number !== null && (
        <WidgetErrorBoundary name={t('threadCones.widget.color')}>
          <ColorAnswer
            lookup={{ manufacturer: lookup.manufacturer, series: lookup.series, number: lookup.number }}
            choose={(c) => lookup.set({ c })}
          />
        </WidgetErrorBoundary>
      )}
      {lookup.series && (
        <WidgetErrorBoundary name={t('threadCones.widget.catalogue')}>
          {/* a series' hundreds of swatches are drawn when the catalogue comes near the screen (on a phone
              it starts two screens down) */}
          <WhenNear minHeight="40rem">
            <Suspense fallback={<div style={{ minHeight: '40rem' }} />}>
              <Catalogue series={lookup.series} selected={lookup.number} choose={(c) => lookup.set({ c })} />
            </Suspense>
          </WhenNear>
        </WidgetErrorBoundary>
      )}
      <RecentLookups />
    </>
  )
}
