import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useState } from 'react'
import { RouterProvider } from 'react-router'
import { NowProvider } from '../components/now'
import { createAppRouter } from './router'

export function App() {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: 2, refetchOnWindowFocus: false } } }),
  )
  const [router] = useState(createAppRouter)
  return (
    <QueryClientProvider client={queryClient}>
      <NowProvider>
        <RouterProvider router={router} />
      </NowProvider>
    </QueryClientProvider>
  )
}
