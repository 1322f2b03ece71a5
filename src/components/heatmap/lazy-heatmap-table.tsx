import { lazy, Suspense } from 'react'
import { Skeleton } from '../skeleton'
import type { HeatmapGrid } from './heatmap'

const Heatmap = lazy(() => import('./heatmap').then((m) => ({ default: m.Heatmap })))

/** The table twin of a canvas heatmap, loaded when first asked for (it is not needed to paint). */
export function HeatmapTable(props: { grid: HeatmapGrid; max: number; caption: string }) {
  return (
    <Suspense fallback={<Skeleton />}>
      <Heatmap {...props} />
    </Suspense>
  )
}
