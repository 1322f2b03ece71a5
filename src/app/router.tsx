import { Component, type ComponentType, type ErrorInfo, lazy, type ReactNode, Suspense } from 'react'
import { Navigate, Route, Routes, useLocation } from 'react-router'
import { useT } from '../components/i18n'
import type { PageModule } from '../components/message-pieces'
import { withMessages } from '../components/with-messages'
import { Layout } from './layout'
import { NotFoundPage } from './not-found-page'
import { RouteError } from './route-error'

/** The status board is the home page; `/` keeps the filters on the way there. */
function Home() {
  const { search } = useLocation()
  return <Navigate replace to={{ pathname: '/machines', search }} />
}

const page = <K extends string>(path: PageModule, load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => withMessages(path, load)().then((module) => ({ default: module[name] })))

// Pages are loaded when first visited; react-router's declarative mode keeps its own weight in the
// first load at about half of the data router's (15.6 vs 32.9 KB gzip), which is room for the pages.
const StatusBoardPage = page(
  'src/features/machines/status-board-page.tsx',
  () => import('../features/machines/status-board-page'),
  'StatusBoardPage',
)
const MachinePage = page(
  'src/features/machines/machine-page.tsx',
  () => import('../features/machines/machine-page'),
  'MachinePage',
)
const ThreadbreaksPage = page(
  'src/features/threadbreaks/threadbreaks-page.tsx',
  () => import('../features/threadbreaks/threadbreaks-page'),
  'ThreadbreaksPage',
)
const ShiftsPage = page(
  'src/features/shifts/shifts-page.tsx',
  () => import('../features/shifts/shifts-page'),
  'ShiftsPage',
)
const ThreadConesPage = page(
  'src/features/thread-cones/thread-cones-page.tsx',
  () => import('../features/thread-cones/thread-cones-page'),
  'ThreadConesPage',
)
const CollectorsPage = page(
  'src/features/collectors/collectors-page.tsx',
  () => import('../features/collectors/collectors-page'),
  'CollectorsPage',
)
const CollectorPage = page(
  'src/features/collectors/collector-page.tsx',
  () => import('../features/collectors/collector-page'),
  'CollectorPage',
)
const ReportsPage = page(
  'src/features/reports/reports-page.tsx',
  () => import('../features/reports/reports-page'),
  'ReportsPage',
)
const ReportPage = page(
  'src/features/reports/report-page.tsx',
  () => import('../features/reports/report-page'),
  'ReportPage',
)
const DesignBreaksPage = page(
  'src/features/design-breaks/design-breaks-page.tsx',
  () => import('../features/design-breaks/design-breaks-page'),
  'DesignBreaksPage',
)
const TimelinePage = page(
  'src/features/timeline/timeline-page.tsx',
  () => import('../features/timeline/timeline-page'),
  'TimelinePage',
)
const StopsPage = page(
  'src/features/timeline/stops-page.tsx',
  () => import('../features/timeline/stops-page'),
  'StopsPage',
)
const ExplainPage = page(
  'src/features/stops/explain-page.tsx',
  () => import('../features/stops/explain-page'),
  'ExplainPage',
)
const PacePage = page(
  'src/features/plan/pace-page.tsx',
  () => import('../features/plan/pace-page'),
  'PacePage',
)
const StopSettingsPage = page(
  'src/features/stops/settings-page.tsx',
  () => import('../features/stops/settings-page'),
  'StopSettingsPage',
)
const AlertsPage = page(
  'src/features/alerts/alerts-page.tsx',
  () => import('../features/alerts/alerts-page'),
  'AlertsPage',
)
const StatusCodesPage = page(
  'src/features/status-codes/status-codes-page.tsx',
  () => import('../features/status-codes/status-codes-page'),
  'StatusCodesPage',
)

/** The pages by address, each in an error boundary that keeps what is around it, reset by moving to
 * another address. Shared by the shell and the kiosk (which shows them without the shell). */
export function pageRoutes() {
  return [
    <Route key="machines" path="machines" element={<Page component={StatusBoardPage} />} />,
    <Route key="machine" path="machines/:machineId" element={<Page component={MachinePage} />} />,
    <Route key="threadbreaks" path="threadbreaks" element={<Page component={ThreadbreaksPage} />} />,
    <Route key="shifts" path="shifts" element={<Page component={ShiftsPage} />} />,
    <Route key="thread-cones" path="thread-cones" element={<Page component={ThreadConesPage} />} />,
    <Route key="collectors" path="collectors" element={<Page component={CollectorsPage} />} />,
    <Route key="collector" path="collectors/:collectorId" element={<Page component={CollectorPage} />} />,
    <Route key="reports" path="reports" element={<Page component={ReportsPage} />} />,
    <Route key="report" path="reports/*" element={<Page component={ReportPage} />} />,
    <Route key="status-codes" path="status-codes" element={<Page component={StatusCodesPage} />} />,
    <Route key="design-breaks" path="design-breaks" element={<Page component={DesignBreaksPage} />} />,
    <Route key="timeline" path="timeline" element={<Page component={TimelinePage} />} />,
    <Route key="stops" path="stops" element={<Page component={StopsPage} />} />,
    <Route key="explain" path="stops/explain" element={<Page component={ExplainPage} />} />,
    <Route key="stop-settings" path="stops/settings" element={<Page component={StopSettingsPage} />} />,
    <Route key="alerts" path="alerts" element={<Page component={AlertsPage} />} />,
    // /pace and its targets (/pace/targets): one route, so the shell names one page less
    <Route key="pace" path="pace/*" element={<Page component={PacePage} />} />,
    // the shift reports' archive and each report (/shift-reports/12), served by the plan's page too
    <Route key="shift-reports" path="shift-reports/*" element={<Page component={PacePage} />} />,
  ]
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
  return <p className="p-4">{t('app.loading')}</p>
}
