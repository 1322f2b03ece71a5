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
    rerender({ rotation: ['exceptions:0', '0', '1'] })
    expect(result.current.position).toBe(0)
    act(() => vi.advanceTimersByTime(10_000))
    expect(result.current.position).toBe(1)
    rerender({ rotation: ['0', '1'] })
    expect(result.current.position).toBe(0)
  })

  test('a turn waits for its page to be drawn, and the page shown stays; after one more dwell it goes on', () => {
    vi.useFakeTimers()
    const drawn = new Set(['0', '2'])
    const boundary = vi.fn()
    const { result } = renderHook(() =>
      useRotation(['0', '1', '2'], 10_000, boundary, (turn) => drawn.has(turn)),
    )
    act(() => vi.advanceTimersByTime(15_000))
    expect(result.current.position).toBe(0)
    expect(boundary).not.toHaveBeenCalled()
    drawn.add('1')
    act(() => vi.advanceTimersByTime(250))
    expect(result.current.position).toBe(1)
    // the page that waited gets its whole dwell
    act(() => vi.advanceTimersByTime(9_999))
    expect(result.current.position).toBe(1)
    act(() => vi.advanceTimersByTime(1))
    expect(result.current.position).toBe(2)
    // a page that never is drawn (a wall whose network is gone) does not hold the wall on one page
    drawn.delete('0')
    act(() => vi.advanceTimersByTime(19_750))
    expect(result.current.position).toBe(2)
    act(() => vi.advanceTimersByTime(250))
    expect(result.current.position).toBe(0)
    expect(boundary).toHaveBeenCalledTimes(3)
  })

  test('a page out of sight gains or loses a screen: the turn shown stays, and the rotation goes on from it', () => {
    vi.useFakeTimers()
    const { result, rerender } = renderHook(({ rotation }) => useRotation(rotation, 10_000), {
      initialProps: { rotation: ['0:0', '1:0', '2:0', '2:1'] },
    })
    act(() => vi.advanceTimersByTime(10_000))
    act(() => vi.advanceTimersByTime(10_000))
    expect(result.current.position).toBe(2)
    // the first page needs a second screen (a machine called out): the third page's first screen stays
    rerender({ rotation: ['0:0', '0:1', '1:0', '2:0', '2:1'] })
    expect(result.current.position).toBe(3)
    act(() => vi.advanceTimersByTime(10_000))
    expect(result.current.position).toBe(4)
    // the screen shown is gone (the page is shorter now): its page's last screen shows
    rerender({ rotation: ['0:0', '0:1', '1:0', '2:0'] })
    expect(result.current.position).toBe(3)
    // and the page gone (the exception page is not listed here): the same place in the list
    rerender({ rotation: ['0:0', '1:0'] })
    expect(result.current.position).toBe(0)
  })

  test('an unmounted rotation leaves no timer behind', () => {
    vi.useFakeTimers()
    const { unmount } = renderHook(() => useRotation(['0', '1'], 1000))
    unmount()
    expect(vi.getTimerCount()).toBe(0)
  })
})
