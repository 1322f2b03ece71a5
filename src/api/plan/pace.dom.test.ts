import { waitFor } from '@testing-library/react'
import { delay, http } from 'msw'
import { expect, test, vi } from 'vitest'
import { renderHookWithProviders } from '../../../test/render'
import { mswServer } from '../../../test/setup-dom'
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

// The window moves on every 5 minutes. While the new window's answer is on its way, the last one stands
// in (the report's placeholder) and is read again through the same select: were the placeholder a new
// function at every render, each commit would read a new pace, and re-render, until React stopped the
// page (error #185, seen on the wall's status board).
test('while the window moved on is read, the pace is the last one, and renders settle', async () => {
  const { result, rerender } = renderHookWithProviders(() => usePace())
  await waitFor(() => expect(result.current?.byMachine.size).toBeGreaterThan(0))
  const first = result.current!
  mswServer.use(http.get(/machine-summary/, () => delay('infinite')))
  vi.setSystemTime(Date.now() + 5 * 60 * 1000)
  rerender()
  await waitFor(() => expect(result.current?.window).not.toEqual(first.window))
  expect(result.current?.byMachine).toEqual(first.byMachine)
  const moved = result.current
  rerender()
  expect(result.current).toBe(moved)
})
