import { useSyncExternalStore } from 'react'

/** Whether the dark theme is on (the `dark` class of <html>), for drawing code that cannot use CSS
 * (canvas). One observer serves every subscriber. */
const listeners = new Set<() => void>()
let observer: MutationObserver | null = null

function subscribe(listener: () => void) {
  listeners.add(listener)
  if (!observer) {
    observer = new MutationObserver(() => {
      for (const notify of listeners) notify()
    })
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] })
  }
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0) {
      observer?.disconnect()
      observer = null
    }
  }
}

const isDark = () => document.documentElement.classList.contains('dark')

export function useDarkTheme(): boolean {
  return useSyncExternalStore(subscribe, isDark, () => false)
}
