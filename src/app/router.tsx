import { createBrowserRouter } from 'react-router'
import { Layout } from './layout'
import { NotFoundPage } from './not-found-page'

export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <Layout />,
      HydrateFallback: StartingUp,
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
  ])
}

function StartingUp() {
  return <p className="p-4">Loading stitchboard…</p>
}
