/** A grey placeholder while data loads (no spinner flash on refresh: only the first load shows it). */
export function Skeleton({ lines = 3, label = 'Loading' }: { lines?: number; label?: string }) {
  return (
    <div role="status" aria-label={label} aria-busy="true" className="space-y-2">
      {Array.from({ length: lines }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
        <div key={i} className="h-5 animate-pulse rounded bg-gray-200 dark:bg-gray-800" />
      ))}
    </div>
  )
}
