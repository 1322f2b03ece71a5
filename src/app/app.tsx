import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { lazy, Suspense, useState } from 'react'
import { BrowserRouter } from 'react-router'
import { appPath, BASE_PATH } from '../api/core/base-path'
import { shouldRetry } from '../api/core/retry'
import { useT } from '../components/i18n'
import { NowProvider } from '../components/now'
import { lazyPart, withMessages } from '../components/with-messages'
import { prefetchForPath } from './route-data'
import { AppRoutes } from './router'

/** The wall-monitor mode is its own small app: no shell, each page on its own in-memory router. */
const KioskApp = lazy(withMessages('src/app/kiosk/kiosk-app.tsx', () => import('./kiosk/kiosk-app')))
/** `/kiosk` without settings: the form that builds a wall's address, without the wall's code. */
const KioskSetup = lazyPart(
  'src/features/kiosk/kiosk-setup.tsx',
  () => import('../features/kiosk/kiosk-setup'),
  (module) => module.KioskSetup,
)
/** The live stream of machine changes: not needed for the first paint. */
const LiveUpdates = lazy(() => import('./live-updates'))

/** Whether an app path (without the base path: `appPath`) is the wall display's. */
export const isKioskPath = (pathname: string) => pathname === '/kiosk' || pathname.startsWith('/kiosk/')

/** Whether a kiosk address says what to show (anything but its theme); without, it is the set-up form. */
export const isKioskConfigured = (search: string) =>
  [...new URLSearchParams(search).keys()].some((key) => key !== 'theme')

export function App() {
  const { t } = useT()
  const path = appPath(window.location.pathname)
  const [queryClient] = useState(() => {
    const client = new QueryClient({
      defaultOptions: { queries: { retry: shouldRetry, refetchOnWindowFocus: false } },
    })
    if (!isKioskPath(path)) void prefetchForPath(path, client)
    return client
  })
  if (isKioskPath(path) && isKioskConfigured(window.location.search)) {
    return (
      <Suspense fallback={<p className="p-4">{t('app.startingKiosk')}</p>}>
        <KioskApp />
      </Suspense>
    )
  }
  if (isKioskPath(path)) {
    return (
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={<p className="p-4">{t('app.loading')}</p>}>
          <KioskSetup />
        </Suspense>
      </QueryClientProvider>
    )
  }
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={null}>
        <LiveUpdates />
      </Suspense>
      <NowProvider>
        <BrowserRouter basename={BASE_PATH || '/'}>
          <AppRoutes />
        </BrowserRouter>
      </NowProvider>
    </QueryClientProvider>
  )
}
