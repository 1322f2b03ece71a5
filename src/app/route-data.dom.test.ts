import { QueryClient } from '@tanstack/react-query'
import { describe, expect, test } from 'vitest'
import { prefetchForPath } from './route-data'

describe('the shell asks for a page’s first data while the page’s code loads', () => {
  test.each(['/', '/machines', '/machines/AS-1119'])(
    '%s: the machines and the design names',
    async (path) => {
      const client = new QueryClient()
      await prefetchForPath(path, client)
      expect(client.getQueryState(['machines'])?.status).toBe('success')
      expect(client.getQueryState(['designs'])?.status).toBe('success')
      expect(client.getQueryData<{ records: unknown[] }>(['machines'])?.records.length).toBeGreaterThan(0)
    },
  )

  test('the board also asks for the pace (the tiles’ last line) once the configuration is known', async () => {
    const client = new QueryClient()
    await prefetchForPath('/machines', client)
    const pace = client.getQueryCache().findAll({ queryKey: ['machine-summary'] })
    expect(pace.map((q) => q.state.status)).toEqual(['success'])
    expect(client.getQueryState(['app-config'])?.status).toBe('success')
  })

  test('a machine’s page does not ask for the board’s pace', async () => {
    const client = new QueryClient()
    await prefetchForPath('/machines/AS-1119', client)
    expect(client.getQueryState(['machines'])?.status).toBe('success')
    expect(client.getQueryCache().findAll({ queryKey: ['machine-summary'] })).toHaveLength(0)
  })

  test('other pages ask for nothing ahead', async () => {
    const client = new QueryClient()
    // settled once all it asked for is answered: for these pages, at once, and nothing was asked
    await prefetchForPath('/threadbreaks', client)
    await prefetchForPath('/machinesX', client)
    expect(client.getQueryCache().getAll()).toHaveLength(0)
  })
})
