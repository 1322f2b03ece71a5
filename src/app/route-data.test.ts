import { QueryClient } from '@tanstack/react-query'
import { waitFor } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { prefetchForPath } from './route-data'

describe('the shell asks for a page’s first data while the page’s code loads', () => {
  test.each(['/', '/machines', '/machines/AS-1119'])(
    '%s: the machines and the design names',
    async (path) => {
      const client = new QueryClient()
      prefetchForPath(path, client)
      await waitFor(() => {
        expect(client.getQueryState(['machines'])?.status).toBe('success')
        expect(client.getQueryState(['designs'])?.status).toBe('success')
      })
      expect(client.getQueryData<{ records: unknown[] }>(['machines'])?.records.length).toBeGreaterThan(0)
    },
  )

  test('other pages ask for nothing ahead', async () => {
    const client = new QueryClient()
    prefetchForPath('/threadbreaks', client)
    prefetchForPath('/machinesX', client)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(client.getQueryCache().getAll()).toHaveLength(0)
  })
})
