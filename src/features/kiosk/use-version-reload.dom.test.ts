import { renderHook } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { describe, expect, test, vi } from 'vitest'
import { mswServer } from '../../../test/setup-dom'
import { useVersionReload } from './use-version-reload'

describe('version change', () => {
  test('a new server version asks for a reload, done only when the server answers', async () => {
    const reload = vi.fn()
    const { result, rerender } = renderHook(({ version }) => useVersionReload(version, reload), {
      initialProps: { version: undefined as string | undefined },
    })
    rerender({ version: 'v1' })
    expect(result.current).toBeUndefined()
    rerender({ version: 'v2' })
    expect(result.current).toBeTypeOf('function')
    await result.current?.()
    expect(reload).toHaveBeenCalledTimes(1)

    // the server answers with an error: the check is done (the server was asked) and no reload followed
    let asked = 0
    mswServer.use(
      http.get('/app-config.json', () => {
        asked++
        return HttpResponse.json({ error: 'down' }, { status: 503 })
      }),
    )
    await result.current?.()
    expect(asked).toBe(1)
    expect(reload).toHaveBeenCalledTimes(1)
    // and when it is unreachable, neither
    mswServer.use(http.get('/app-config.json', () => HttpResponse.error()))
    await result.current?.()
    expect(reload).toHaveBeenCalledTimes(1)
  })
})
