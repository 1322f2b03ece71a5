import { Component, type ComponentType, type ErrorInfo, type ReactNode, Suspense } from 'react'
import { Navigate, Route, Routes, useLocation } from 'react-router'
import { useT } from '../components/i18n'
import { lazyPart } from '../components/with-messages'
import { Layout } from './layout'
import { NotFoundPage } from './not-found-page'
import { PAGES } from './pages'
import { RouteError } from './route-error'

/** The status board is the home page; `/` keeps the filters on the way there. */
function Home() {
  const { search } = useLocation()
  return <Navigate replace to={{ pathname: '/machines', search }} />
}

// Pages are loaded when first visited (the registry, ./pages); react-router's declarative mode keeps its own
// weight in the first load at about half of the data router's (15.6 vs 32.9 KB gzip), which is room for the pages.
const ROUTES = PAGES.flatMap((entry) => {
  const Content = lazyPart(entry.module, entry.load, (module) => module[entry.name]!)
  return entry.paths.map((path) => ({ path, Content }))
})

/** The pages by address, each in an error boundary that keeps what is around it, reset by moving to
 * another address. Shared by the shell and the kiosk (which shows them without the shell). */
export function pageRoutes() {
  return ROUTES.map(({ path, Content }) => (
    <Route key={path} path={path} element={<Page component={Content} />} />
  ))
}

/** The routes inside the shell (header and navigation). */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<Home />} />
        {pageRoutes()}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  )
}

export function Page({ component: Content }: { component: ComponentType }) {
  const { pathname } = useLocation()
  return (
    <PageErrorBoundary key={pathname}>
      <Suspense fallback={<StartingUp />}>
        <Content />
      </Suspense>
    </PageErrorBoundary>
  )
}

class PageErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null }

  static getDerivedStateFromError(error: unknown) {
    return { error }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('page failed', error, info.componentStack)
  }

  override render() {
    return this.state.error ? <RouteError error={this.state.error} /> : this.props.children
  }
}

function StartingUp() {
  const { t } = useT()
  // busy: the kiosk's rotation waits for a page that still says this (its code and messages loading)
  return (
    <p className="p-4" aria-busy="true">
      {t('app.loading')}
    </p>
  )
}
