import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { appUrl } from '../api/core/base-path'
import { isChunkLoadError, mayReloadForChunk } from '../components/chunk-retry'
import { useT } from '../components/i18n'

/** How often the server is asked whether it is back, when a page's code could not be fetched. */
const PROBE_MS = 3000

/** A page that failed to load or render: says so, keeps the header and navigation. A page whose code
 * could not be fetched loads by itself once the server answers again. */
export function RouteError({ error }: { error: unknown }) {
  const { t } = useT()
  if (isChunkLoadError(error)) return <ChunkError />
  const message = error instanceof Error ? error.message : t('app.error.unknown')
  return (
    <section role="alert" className="p-6">
      <h1 className="text-2xl font-semibold">{t('app.error.title')}</h1>
      <p className="mt-2">{message}</p>
      <p className="mt-2">
        <Link className="underline" to="/machines">
          {t('app.error.back')}
        </Link>{' '}
        {t('app.error.orReload')}
      </p>
    </section>
  )
}

function ChunkError() {
  const { t } = useT()
  const [given, setGiven] = useState(false)
  useEffect(() => {
    let stopped = false
    let timer: ReturnType<typeof setTimeout>
    const probe = async () => {
      try {
        const response = await fetch(appUrl('/app-config.json'), { cache: 'no-store' })
        if (!stopped && response.ok) {
          if (mayReloadForChunk()) window.location.reload()
          else setGiven(true)
          return
        }
      } catch {
        // still away
      }
      if (!stopped) timer = setTimeout(probe, PROBE_MS)
    }
    timer = setTimeout(probe, PROBE_MS)
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [])
  return (
    <section role="alert" className="p-6">
      <h1 className="text-2xl font-semibold">{t('app.chunk.title')}</h1>
      {given ? (
        <p className="mt-2">
          {t('app.chunk.stillFailing')}{' '}
          <button type="button" className="underline" onClick={() => window.location.reload()}>
            {t('app.chunk.reload')}
          </button>
        </p>
      ) : (
        <p className="mt-2">{t('app.chunk.waiting', { seconds: PROBE_MS / 1000 })}</p>
      )}
    </section>
  )
}
