import { useEffect } from 'react'
import { useThreadCone, useThreadConeList } from '../../api/thread-cones/thread-cones'
import { Skeleton } from '../../components/skeleton'
import { WhenNear } from '../../components/when-near'
import { ColorCard } from './color-card'
import { CrossBrandPanel } from './cross-brand-panel'
import { LookupFailed } from './lookup-failed'
import { type Lookup, rememberLookup } from './recent-lookups'

/** GetThreadCone's answer for the look-up: the colour and its nearest in other series, or why not. */
export function ColorAnswer({ lookup, choose }: { lookup: Lookup; choose: (number: string) => void }) {
  const answer = useThreadCone(lookup.series, lookup.number)
  const list = useThreadConeList(lookup.series)
  useEffect(() => {
    if (answer.data) rememberLookup(lookup)
  }, [answer.data, lookup])
  // the answer's height is kept while it loads, so the catalogue below does not jump: the card and the
  // nearest colours stacked on a phone (85 rem at 390 px), side by side from lg (36 rem)
  if (answer.isPending)
    return <Skeleton lines={12} className="min-h-[80rem] sm:min-h-[60rem] lg:min-h-[36rem]" />
  if (answer.isError) {
    return <LookupFailed lookup={lookup} error={answer.error} list={list.data} choose={choose} />
  }
  return (
    // side by side, the row keeps the placeholder's height while the nearest colours load
    <div className="grid gap-4 lg:min-h-[36rem] lg:grid-cols-2">
      <ColorCard
        color={answer.data}
        typed={lookup.number}
        series={lookup.series}
        weight={list.data?.weight}
        sameNumber={
          list.data?.colors.filter((c) => c.number.toLowerCase() === lookup.number.toLowerCase()).length ?? 0
        }
      />
      {/* beside the card at a desk; below it on a phone, where comparing with every other series (a list
          from the service each, then ΔE00 against hundreds of colours) waits until it is scrolled to */}
      <WhenNear minHeight="25rem" margin="0px">
        <CrossBrandPanel color={answer.data} lookup={lookup} />
      </WhenNear>
    </div>
  )
}
