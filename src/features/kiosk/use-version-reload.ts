import { useMemo, useRef } from 'react'
import { appUrl } from '../../api/core/base-path'

/** A new server version (from /app-config.json) reloads the kiosk, at the next rotation boundary, and
 * only when the server answers: a reload into an error or a login page must never reach the wall. The
 * returned function settles once that check is done. */
export function useVersionReload(version: string | undefined, reload = () => window.location.reload()) {
  const first = useRef<string | undefined>(undefined)
  if (first.current === undefined && version !== undefined) first.current = version
  const pending = version !== undefined && first.current !== undefined && version !== first.current
  const reloadRef = useRef(reload)
  reloadRef.current = reload
  return useMemo(
    () =>
      pending
        ? (): Promise<void> =>
            fetch(appUrl('/app-config.json'), { cache: 'no-store' })
              .then((response) => {
                if (response.ok) reloadRef.current()
              })
              .catch(() => {})
        : undefined,
    [pending],
  )
}
