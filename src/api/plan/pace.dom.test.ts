import { waitFor } from '@testing-library/react'
import { expect, test } from 'vitest'
import { renderHookWithProviders } from '../../../test/render'
import { usePace } from './pace'

// The status board defers the pace (useDeferredValue): a pace that were a new object at every render would
// start a background render at every render, until React stopped the page (error #185, seen in Chromium).
test('the pace keeps its identity from one render to the next while the window and the answer are the same', async () => {
  const { result, rerender } = renderHookWithProviders(() => usePace())
  await waitFor(() => expect(result.current?.byMachine.size).toBeGreaterThan(0))
  const first = result.current
  rerender()
  rerender()
  expect(result.current).toBe(first)
})
