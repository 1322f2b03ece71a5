import { type ReactNode, useId, useState, useSyncExternalStore } from 'react'
import { useT } from './i18n'

const PHONE = '(max-width: 639px)'

/** Whether the screen is phone-sized (below Tailwind's `sm`), following rotation and resizing. */
export function usePhone(): boolean {
  return useSyncExternalStore(
    (changed) => {
      if (typeof window.matchMedia !== 'function') return () => {}
      const query = window.matchMedia(PHONE)
      query.addEventListener('change', changed)
      return () => query.removeEventListener('change', changed)
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(PHONE).matches,
  )
}

/**
 * A page's controls: in place on a desk; on a phone folded behind one button that says how many are
 * set ("Filters · 2 set"), so the first screen shows machines or answers, not controls. Folded
 * controls stay mounted (hidden), so what was typed survives opening and closing.
 */
export function FoldOnPhone({
  set,
  label,
  children,
}: {
  /** how many of the controls differ from their defaults */
  set: number
  label?: string
  children: ReactNode
}) {
  const { t } = useT()
  const phone = usePhone()
  const [open, setOpen] = useState(false)
  const id = useId()
  if (!phone) return children
  return (
    <div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        className="min-h-11 rounded border border-gray-400 px-3 font-semibold dark:border-gray-600"
        onClick={() => setOpen((o) => !o)}
      >
        {label ?? t('app.filters.label')}
        {set > 0 ? ` · ${t('app.filters.set', { count: set })}` : ''}{' '}
        <span aria-hidden="true">{open ? '▴' : '▾'}</span>
      </button>
      <div id={id} hidden={!open} className="mt-2">
        {children}
      </div>
    </div>
  )
}

/** How many settings a page's address carries (each one differs from its default; a custom range's
 * from and till count once). */
export function settingsInSearch(search: URLSearchParams, ignore: readonly string[] = []): number {
  const keys = new Set(search.keys())
  if (keys.has('from') && keys.has('till')) keys.delete('till')
  for (const key of ignore) keys.delete(key)
  return keys.size
}
