import { useEffect } from 'react'

/** Keeps the screen on where the browser offers the Screen Wake Lock API; taken again when the page
 * becomes visible (browsers release it when hidden). */
export function useWakeLock() {
  useEffect(() => {
    const wakeLock = (
      navigator as Navigator & {
        wakeLock?: { request: (type: 'screen') => Promise<{ release: () => Promise<void> }> }
      }
    ).wakeLock
    if (!wakeLock) return
    let sentinel: { release: () => Promise<void> } | null = null
    let stopped = false
    const take = () => {
      if (document.visibilityState !== 'visible') return
      wakeLock
        .request('screen')
        .then((lock) => {
          if (stopped) void lock.release()
          else sentinel = lock
        })
        .catch(() => {})
    }
    take()
    document.addEventListener('visibilitychange', take)
    return () => {
      stopped = true
      document.removeEventListener('visibilitychange', take)
      void sentinel?.release().catch(() => {})
    }
  }, [])
}
