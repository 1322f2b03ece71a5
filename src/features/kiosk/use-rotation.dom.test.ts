import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { useRotation } from './use-rotation'

describe('rotation', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  test('pages in order, each for `dwell`, round and round; the boundary callback runs between pages', () => {
    vi.useFakeTimers()
    const boundary = vi.fn()
    const { result } = renderHook(() => useRotation(['0', '1', '2'], 30_000, boundary))
    expect(result.current.position).toBe(0)
    act(() => vi.advanceTimersByTime(29_999))
    expect(result.current.position).toBe(0)
    act(() => vi.advanceTimersByTime(1))
    expect(result.current.position).toBe(1)
    act(() => vi.advanceTimersByTime(30_000))
    expect(result.current.position).toBe(2)
    act(() => vi.advanceTimersByTime(30_000))
    expect(result.current.position).toBe(0)
    expect(boundary).toHaveBeenCalledTimes(3)
  })

  test('the exception page joins: shown at once; it leaves: the rotation goes on from the first page', () => {
    vi.useFakeTimers()
    const { result, rerender } = renderHook(({ rotation }) => useRotation(rotation, 10_000), {
      initialProps: { rotation: ['0', '1'] },
    })
    act(() => vi.advanceTimersByTime(10_000))
    expect(result.current.position).toBe(1)
    rerender({ rotation: ['exceptions', '0', '1'] })
    expect(result.current.position).toBe(0)
    act(() => vi.advanceTimersByTime(10_000))
    expect(result.current.position).toBe(1)
    rerender({ rotation: ['0', '1'] })
    expect(result.current.position).toBe(0)
  })

  test('an unmounted rotation leaves no timer behind', () => {
    vi.useFakeTimers()
    const { unmount } = renderHook(() => useRotation(['0', '1'], 1000))
    unmount()
    expect(vi.getTimerCount()).toBe(0)
  })
})
