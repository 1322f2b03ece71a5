import { useMemo, useState } from 'react'
import { MAX_SCREENS } from '../../components/kiosk/kiosk-pager'

/** How many screens each page needs: a page longer than the screen says so, itself (as the status
 * board does) or through the pager that shows any page a screen at a time; the larger count wins.
 * `setters[i]` are the page's and its pager's ways to say it. */
export function useScreenCounts(pages: readonly unknown[]) {
  const [counted, setCounted] = useState<Readonly<Record<string, number>>>({})
  const setters = useMemo(
    () =>
      pages.map((_, i) => {
        const setter = (key: string) => (count: number) =>
          setCounted((previous) => {
            const value = Math.max(1, Math.min(MAX_SCREENS, count))
            return previous[key] === value ? previous : { ...previous, [key]: value }
          })
        return { page: setter(`${i}`), pager: setter(`${i}:pager`) }
      }),
    [pages],
  )
  const screens = useMemo(
    () => pages.map((_, i) => Math.max(counted[`${i}`] ?? 1, counted[`${i}:pager`] ?? 1)),
    [pages, counted],
  )
  return { screens, setters }
}
