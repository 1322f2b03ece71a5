import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { useT } from '../../components/i18n'
import { KioskProvider } from '../../components/kiosk/kiosk-context'
import { NowProvider } from '../../components/now'
import { type KioskParams, kioskParams } from '../../features/kiosk/kiosk-params'
import { useWallTypeScale } from '../../features/kiosk/use-wall-type-scale'
import LiveUpdates from '../live-updates'
import { kioskAddresses } from './kiosk-pages'
import { KioskWall } from './kiosk-wall'

/** A QueryClient for weeks on a wall: answers no page uses any more (an open range moves with every
 * refresh, so each refresh leaves one behind) are dropped after two refreshes, at most a minute, so
 * the cache stays small; requests are tried whatever the browser thinks of the network (TVs misreport).
 * No retries of its own: the next refresh cycle is the retry (React Query would hold retries back
 * while the window counts as unfocused, which the kiosk uses to pause the pages' own intervals). */
function kioskQueryClient(refreshSeconds: number) {
  const gcTime = Math.min(60_000, Math.max(5_000, 2 * refreshSeconds * 1000))
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, gcTime, networkMode: 'always' },
    },
  })
}

/** /kiosk with the wall's settings in its address: the wall display (without them, app.tsx shows the form
 * that builds the address). Loaded lazily by app.tsx (its own chunk, the route bench/bundle.ts measures). */
export default function KioskApp() {
  const { t } = useT()
  const search = useMemo(() => new URLSearchParams(window.location.search), [])
  // the wall's language is chosen before it starts (`lang=`, src/app/main.tsx): titles and problems once
  const params = useMemo(() => kioskParams(search, t, kioskAddresses()), [search, t])
  const [client] = useState(() => kioskQueryClient(params.refresh))
  return (
    <QueryClientProvider client={client}>
      <LiveUpdates />
      <KioskShow params={params} />
    </QueryClientProvider>
  )
}

/** The wall with the kiosk's providers: wall-sized type and cells, and a clock that ticks with the refresh. */
export function KioskShow({ params }: { params: KioskParams }) {
  const rootPx = useWallTypeScale()
  const kiosk = useMemo(() => ({ on: true, cell: Math.max(24, Math.round(rootPx * 1.3)) }), [rootPx])
  // open ranges move with the refresh (not once a minute), so data is as fresh as the refresh says
  const tick = Math.min(60_000, Math.max(1000, params.refresh * 1000))
  return (
    <KioskProvider value={kiosk}>
      <NowProvider intervalMs={tick}>
        <KioskWall params={params} />
      </NowProvider>
    </KioskProvider>
  )
}
