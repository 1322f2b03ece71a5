import { expect, test } from 'vitest'
import { defaultStopSettings } from '../../src/lib/stop-reasons'
import { testApp } from '../../test/server-app'

/** Issue 35: a server without a history (no database) keeps every page and the wall quiet: what stands
 * now and the settings are normal answers that say so; what needs the history is a 503 with the reason. */
test('without a history: what stands now and the settings say so as normal answers, the rest is a 503', async () => {
  const { app } = testApp()
  const current = await app.request('http://127.0.0.1/api/stops/current')
  expect(current.status).toBe(200)
  expect(await current.json()).toMatchObject({
    available: false,
    reason: 'this server keeps no history',
    parts: [],
  })
  const settings = await app.request('http://127.0.0.1/api/stops/settings')
  expect(await settings.json()).toMatchObject({
    available: false,
    settings: defaultStopSettings(),
    canChange: false,
  })
  const parts = await app.request('http://127.0.0.1/api/stops/parts?from=1&till=2')
  expect([parts.status, await parts.json()]).toEqual([
    503,
    { error: 'No stop reasons: this server keeps no history' },
  ])
  const given = await app.request('http://127.0.0.1/api/stops/reason', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: 'http://127.0.0.1' },
    body: JSON.stringify({ machineId: 'M1', start: 1, reason: 'break', by: 'Ana' }),
  })
  expect(given.status).toBe(503)
})
