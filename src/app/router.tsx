import { createBrowserRouter, Navigate, type RouteObject, useLocation } from 'react-router'
import { Layout } from './layout'
import { NotFoundPage } from './not-found-page'
import { RouteError } from './route-error'

/** The status board is the home page; `/` keeps the filters on the way there. */
function Home() {
  const { search } = useLocation()
  return <Navigate replace to={{ pathname: '/machines', search }} />
}

/** Pages are lazy-loaded; each sits inside an error boundary that keeps the header and navigation. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    HydrateFallback: StartingUp,
    children: [
      {
        ErrorBoundary: RouteError,
        children: [
          { index: true, Component: Home },
          {
            path: 'machines',
            lazy: async () => ({
              Component: (await import('../features/machines/status-board-page')).StatusBoardPage,
            }),
          },
          {
            path: 'machines/:machineId',
            lazy: async () => ({
              Component: (await import('../features/machines/machine-page')).MachinePage,
            }),
          },
          {
            path: 'threadbreaks',
            lazy: async () => ({
              Component: (await import('../features/threadbreaks/threadbreaks-page')).ThreadbreaksPage,
            }),
          },
          {
            path: 'collectors',
            lazy: async () => ({
              Component: (await import('../features/collectors/collectors-page')).CollectorsPage,
            }),
          },
          {
            path: 'collectors/:collectorId',
            lazy: async () => ({
              Component: (await import('../features/collectors/collector-page')).CollectorPage,
            }),
          },
          {
            path: 'reports',
            lazy: async () => ({ Component: (await import('../features/reports/reports-page')).ReportsPage }),
          },
          {
            path: 'reports/*',
            lazy: async () => ({ Component: (await import('../features/reports/report-page')).ReportPage }),
          },
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
]

export function createAppRouter() {
  return createBrowserRouter(routes)
}

function StartingUp() {
  return <p className="p-4">Loading stitchboard…</p>
}
