import { existsSync, readFileSync } from 'node:fs'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { JEMALLOC_PATHS } from '../../scripts/server-runtime.mjs'
import { type Running, startProcess, testNow } from './harness'

/** Issue 3 acceptance: pointed at any upstream that speaks the reference (here the demo upstream run on
 * its own, `npm run demo-upstream`), the server works exactly as in demo mode. */
let upstream: Running
let vendor: Running
let demo: Running

beforeAll(async () => {
  upstream = await startProcess('server/demo/main.ts', {}, '/machines')
  ;[vendor, demo] = await Promise.all([
    startProcess('server/main.ts', {
      API_BASE_URL: upstream.url,
      API_KEY: 'demo-key-a',
      JOB_API_URL: upstream.url,
      WEB_API_LICENSE: 'demo-licence-a',
    }),
    startProcess('server/main.ts', {}),
  ])
})
afterAll(async () => {
  await Promise.all([vendor?.stop(), demo?.stop()])
  await upstream?.stop()
})

test('a closed past range gives the same report through a vendor upstream as in demo mode', async () => {
  const till = Math.floor(testNow() / 86_400_000) * 86_400 - 86_400
  const path = `/api/reports/threadbreaks?from=${till - 2 * 86_400}&till=${till}&machineIds=all&includeBobbinThreadbreaks=true`
  const [a, b] = await Promise.all([fetch(vendor.url + path), fetch(demo.url + path)])
  expect(a.status).toBe(200)
  const body = await a.json()
  expect(body.data.length).toBeGreaterThan(0)
  expect(body).toEqual(await b.json())
})

test('the thread-cone look-up and the health check say which upstream is used', async () => {
  const lookup = { RequestType: 'GetThreadCone', ThreadCone: { ConeSeries: 'NFP-40', ColorNumber: '1001' } }
  const answer = await fetch(`${vendor.url}/api/job`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: vendor.url },
    body: JSON.stringify(lookup),
  })
  expect((await answer.json()).Success).toBe(true)
  expect(await (await fetch(`${vendor.url}/healthz`)).json()).toMatchObject({ api: 'vendor', job: 'vendor' })
  expect(await (await fetch(`${demo.url}/healthz`)).json()).toMatchObject({ api: 'demo', job: 'demo' })
})

test('an unknown machine stays a 404 with the upstream’s message', async () => {
  const answer = await fetch(`${vendor.url}/api/machines/NO-SUCH`)
  expect(answer.status).toBe(404)
  expect((await answer.json()).error).toContain('NO-SUCH')
})

test('the server runs on jemalloc where the system has it, as npm start and the unit run it', () => {
  // the library is optional (scripts/server-runtime.mjs): where it is installed it is in the process
  const installed = JEMALLOC_PATHS.some((path) => existsSync(path))
  const maps = readFileSync(`/proc/${vendor.pid}/maps`, 'utf8')
  expect(maps.includes('libjemalloc.so')).toBe(installed)
})
