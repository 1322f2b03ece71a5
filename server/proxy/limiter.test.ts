import { describe, expect, test } from 'vitest'
import { fakeUpstream } from '../../test/fake-upstream'
import { testApp, VENDOR_ENV } from '../../test/server-app'
import { until } from '../../test/until'
import { MAX_QUEUED_CALLS, MAX_UPSTREAM_CALLS } from '../app'

/** Upstream cost limits (issue 21): a cap on calls at once, a bounded queue, then a clear 503. */
describe('upstream calls at once', () => {
  test(`at most ${MAX_UPSTREAM_CALLS} at once, ${MAX_QUEUED_CALLS} waiting, the rest a 503 at once; all answered once the upstream is back`, async () => {
    const upstream = fakeUpstream()
    const { app } = testApp(VENDOR_ENV, upstream.transport)
    upstream.hold()
    const total = MAX_UPSTREAM_CALLS + MAX_QUEUED_CALLS + 5
    // distinct requests (no coalescing): one report per day
    let answered = 0
    const answers = Array.from({ length: total }, (_, i) =>
      Promise.resolve(
        app.request(
          `/api/reports/stitches?from=${1_700_000_000 + i * 86_400}&till=${1_700_086_400 + i * 86_400}&machineIds=all`,
        ),
      ).finally(() => answered++),
    )
    // while the upstream holds every answer, only refusals come back: the five beyond the queue
    await until(
      'the five requests beyond the queue to be refused',
      () => answered,
      (n) => n >= 5,
      { seconds: 3 },
    )
    upstream.open()
    const statuses = (await Promise.all(answers)).map((a) => a.status)
    expect(statuses.filter((s) => s === 503)).toHaveLength(5)
    expect(statuses.filter((s) => s === 200)).toHaveLength(MAX_UPSTREAM_CALLS + MAX_QUEUED_CALLS)
    expect(upstream.calls).toHaveLength(MAX_UPSTREAM_CALLS + MAX_QUEUED_CALLS)
    // never more than the cap at the upstream at once, and the cap was reached
    expect(upstream.load.most).toBe(MAX_UPSTREAM_CALLS)
  })

  test('the 503 says why and when to try again', async () => {
    const upstream = fakeUpstream()
    const { app } = testApp(VENDOR_ENV, upstream.transport)
    upstream.hold()
    // one more than the cap and the queue take: its refusal says the queue is full
    let answered = 0
    const pending = Array.from({ length: MAX_UPSTREAM_CALLS + MAX_QUEUED_CALLS + 1 }, (_, i) =>
      Promise.resolve(
        app.request(
          `/api/reports/stitches?from=${1_700_000_000 + i}&till=${1_700_086_400 + i}&machineIds=all`,
        ),
      ).finally(() => answered++),
    )
    await until(
      'one request beyond the queue to be refused',
      () => answered,
      (n) => n >= 1,
      { seconds: 3 },
    )
    const refused = await app.request('/api/machines')
    expect(refused.status).toBe(503)
    expect(refused.headers.get('Retry-After')).toBe('2')
    expect((await refused.json()).error).toMatch(/already waiting for 6 answers .* try again in a moment/)
    upstream.open()
    await Promise.all(pending)
    expect((await app.request('/api/machines')).status).toBe(200)
  })
})
