import { describe, expect, test } from 'vitest'
import { testApp } from '../test/server-app'

/** With no credentials the server answers from the demo upstream, the same road as the vendor's. */
describe('demo mode', () => {
  test('/app-config.json says demo, with the factory timezone and shifts', async () => {
    const { app } = testApp()
    expect(await (await app.request('/app-config.json')).json()).toEqual({
      demo: true,
      threadCones: 'demo',
      timeZone: 'Europe/Berlin',
      timeFormat: '24h',
      shifts: [
        { name: 'Early', from: '06:00', to: '14:00' },
        { name: 'Late', from: '14:00', to: '22:00' },
        { name: 'Night', from: '22:00', to: '06:00' },
      ],
      statusCodes: {
        source: 'default',
        entries: [
          { code: 1, state: 'running', label: null },
          { code: 2, state: 'stopped', label: null },
          { code: 9, state: 'threadbreak', label: null },
          { code: 30, state: 'setup', label: null, words: 'app.code.hooping' },
          { code: 40, state: 'idle', label: null },
          { code: 99, state: 'error', label: null, words: 'app.code.machineError' },
          { code: 1012, state: 'stopped', label: null, words: 'app.code.designCompleted' },
        ],
      },
      // the demo factory's halls stand in for LOCATIONS
      locations: [
        { id: 1, name: 'Hall North' },
        { id: 2, name: 'Hall South' },
        { id: 3, name: 'Annex' },
      ],
      version: 'test',
    })
  })

  test('/app-config.json carries STATUS_CODES and LOCATIONS as the server read them', async () => {
    const { app } = testApp({
      STATUS_CODES: ' 7=running , 8=Stopped:Stop switch',
      LOCATIONS: '1=Hall North,2= Hall South ',
    })
    const config = await (await app.request('/app-config.json')).json()
    expect(config.statusCodes).toEqual({
      source: 'environment',
      entries: [
        { code: 7, state: 'running', label: null },
        { code: 8, state: 'stopped', label: 'Stop switch' },
      ],
    })
    expect(config.locations).toEqual([
      { id: 1, name: 'Hall North' },
      { id: 2, name: 'Hall South' },
    ])
  })

  test('machines, reports and thread cones answer with the demo keys injected', async () => {
    const { app } = testApp()
    const machines = await (await app.request('/api/machines')).json()
    expect(machines.data.length).toBeGreaterThanOrEqual(40)
    const report = await app.request(
      '/api/reports/threadbreaks?from=1763200000&till=1763460000&machineIds=all',
    )
    expect(report.status).toBe(200)
    const job = await app.request('/api/job', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin' },
      body: JSON.stringify({
        RequestType: 'GetThreadCone',
        ThreadCone: { ConeSeries: 'NFP-40', ColorNumber: '1001' },
      }),
    })
    expect((await job.json()).Success).toBe(true)
  })

  test('API_KEY chooses the demo company', async () => {
    const { app } = testApp({ API_KEY: 'demo-key-b' })
    const machines = await (await app.request('/api/machines')).json()
    expect(machines.data.every((m: { machine_id: string }) => m.machine_id.startsWith('BB-'))).toBe(true)
  })

  test('thread-cone answers are cached for an hour only when the look-up succeeded', async () => {
    const { app } = testApp()
    const ask = (ColorNumber: string) =>
      app.request('/api/job', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin' },
        body: JSON.stringify({
          RequestType: 'GetThreadCone',
          ThreadCone: { ConeSeries: 'NFP-40', ColorNumber },
        }),
      })
    await ask('1001')
    expect((await ask('1001')).headers.get('X-Cache')).toBe('HIT')
    await ask('nope')
    expect((await ask('nope')).headers.get('X-Cache')).toBe('MISS')
  })
})
