import type { CSSProperties } from 'react'
import { useT } from './i18n'

/** A grey placeholder while data loads (no spinner flash on refresh: only the first load shows it).
 * `reserve` (a CSS length) holds the room the content will take, so what follows does not jump when it
 * arrives (layout shift): give it where the content's height is known beforehand. */
export function Skeleton({
  lines = 3,
  label,
  reserve,
  className = '',
}: {
  lines?: number
  label?: string
  reserve?: string
  /** classes for a reserve that differs with the screen's width (`min-h-[…] lg:min-h-[…]`) */
  className?: string
}) {
  const { t } = useT()
  const style: CSSProperties | undefined = reserve ? { minHeight: reserve } : undefined
  return (
    <div
      role="status"
      aria-label={label ?? t('app.loadingShort')}
      aria-busy="true"
      className={`space-y-2 ${className}`}
      style={style}
    >
      {Array.from({ length: lines }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
        <div key={i} className="h-5 animate-pulse rounded bg-gray-200 dark:bg-gray-800" />
      ))}
    </div>
  )
}
