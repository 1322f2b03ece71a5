import { WidgetErrorBoundary } from '../../components/error-boundary'
import { WhenNear } from '../../components/when-near'
import { Catalogue } from './catalogue'
import { ColorAnswer } from './color-answer'
import { LookupForm } from './lookup-form'
import { RecentLookups } from './recent-lookups-list'
import { useLookupParams } from './use-lookup-params'

/** Thread-cone colours (reference 4.8): manufacturer → series → colour, the answer of GetThreadCone,
 * the whole series as swatches, and the nearest colours of other series by ΔE00. */
export function ThreadConesPage() {
  const lookup = useLookupParams()
  return (
    <section className="space-y-4 p-4" aria-labelledby="cones-heading">
      <h1 id="cones-heading" className="text-2xl font-semibold">
        Thread cones: colour look-up
      </h1>
      <WidgetErrorBoundary name="The look-up">
        <LookupForm lookup={lookup} />
      </WidgetErrorBoundary>
      {lookup.manufacturer && lookup.series && lookup.number !== null && (
        <WidgetErrorBoundary name="The colour">
          <ColorAnswer
            lookup={{ manufacturer: lookup.manufacturer, series: lookup.series, number: lookup.number }}
            choose={(c) => lookup.set({ c })}
          />
        </WidgetErrorBoundary>
      )}
      {lookup.series && (
        <WidgetErrorBoundary name="The catalogue">
          {/* a series' hundreds of swatches are drawn when the catalogue comes near the screen (on a phone
              it starts two screens down) */}
          <WhenNear minHeight="40rem">
            <Catalogue series={lookup.series} selected={lookup.number} choose={(c) => lookup.set({ c })} />
          </WhenNear>
        </WidgetErrorBoundary>
      )}
      <RecentLookups />
    </section>
  )
}
