import { screen } from '@testing-library/react'
import { Route, Routes } from 'react-router'
import { describe, expect, test } from 'vitest'
import { renderWithProviders } from '../../../test/render'
import { CollectorPage } from './collector-page'
import { CollectorsPage } from './collectors-page'
import { recentCollectors, rememberCollector } from './recent-collectors'

function renderAt(path: string) {
  renderWithProviders(
    <Routes>
      <Route path="/collectors" element={<CollectorsPage />} />
      <Route path="/collectors/:collectorId" element={<CollectorPage />} />
    </Routes>,
    { path },
  )
}

describe('collector units', () => {
  test('a known collector lists its machines with links, and is remembered', async () => {
    localStorage.clear()
    renderAt('/collectors/dc-n1')
    expect(await screen.findByRole('link', { name: /North 01/ })).toHaveAttribute('href', '/machines/AS-1042')
    expect(screen.getAllByRole('row').length).toBeGreaterThan(2)
    expect(recentCollectors()).toEqual(['dc-n1'])
  })

  test('an unknown collector: a clear message', async () => {
    renderAt('/collectors/nope')
    expect(await screen.findByRole('heading', { name: 'Collector unit not found' })).toBeInTheDocument()
    expect(screen.getByText(/There is no collector unit “nope” for this API key/)).toBeInTheDocument()
  })

  test('the list shows the collectors of the machines and those opened before', async () => {
    localStorage.clear()
    rememberCollector('elsewhere-9')
    renderAt('/collectors')
    expect(await screen.findByRole('link', { name: 'dc-n1' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'elsewhere-9' })).toBeInTheDocument()
  })

  test('remembered ids: newest first, no repeats, bounded, broken storage tolerated', () => {
    const store = new Map<string, string>()
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    }
    for (let i = 0; i < 25; i++) rememberCollector(`c${i}`, storage)
    rememberCollector('c10', storage)
    const ids = recentCollectors(storage)
    expect(ids[0]).toBe('c10')
    expect(ids).toHaveLength(20)
    expect(new Set(ids).size).toBe(20)
    expect(recentCollectors({ getItem: () => '{not json' })).toEqual([])
  })
})
