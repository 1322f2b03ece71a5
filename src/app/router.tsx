import { createBrowserRouter, type RouteObject } from 'react-router'
import { Layout } from './layout'
import { NotFoundPage } from './not-found-page'
import { RouteError } from './route-error'

/** Pages are lazy-loaded; each sits inside an error boundary that keeps the header and navigation. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    HydrateFallback: StartingUp,
    children: [
      {
        ErrorBoundary: RouteError,
        children: [
          {
            index: true,
            lazy: async () => ({
              Component: (await import('../features/machines/machines-page')).MachinesPage,
            }),
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
