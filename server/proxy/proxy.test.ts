// One piece: the proxy's contract (allow-list, parameters, secrets, cache, errors) against one upstream
// that fails on demand; each describe is one clause of that contract.
import { describe, expect, test, vi } from 'vitest'
import { fakeUpstream } from '../../test/fake-upstream'
import { testApp, VENDOR_ENV } from '../../test/server-app'
import { until } from '../../test/until'

/** The proxy as docs/architecture.md's data flow describes it, against an upstream that fails on demand. */
const week = 'from=1763000000&till=1763600000&machineIds=all'

function vendorApp(env: Record<string, string> = {}) {
  const upstream = fakeUpstream()
  const { app, clock } = testApp({ ...VENDOR_ENV, ...env }, upstream.transport)
  return { app, upstream, clock }
}

/** A job body sent as a stream (chunked, no Content-Length), from our own origin. */
const postStream = (app: ReturnType<typeof vendorApp>['app'], body: ReadableStream<Uint8Array>) =>
  app.request('/api/job', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: 'http://localhost' },
    body,
    duplex: 'half',
  } as RequestInit)

const postJob = (
  app: ReturnType<typeof vendorApp>['app'],
  body: unknown,
  headers: Record<string, string> = {},
) =>
  app.request('/api/job', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: 'http://localhost', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })

// Dot segments, plain or encoded, are normalised by any URL parser before the app sees them; the Node
// listener refuses them on the raw request target (node-server.test.ts).
describe('attacks are refused and never reach the upstream', () => {
  test.each([
    ['an encoded slash', '/api/machines%2f..%2fadmin'],
    ['an encoded backslash', '/api/machines/%5c..%5cadmin'],
    ['double encoding', '/api/machines/%252e%252e'],
    ['an absolute URL', '/api/http://evil.example/machines'],
    ['a protocol-relative URL', '/api//evil.example/machines'],
    ['CR/LF in the path', '/api/machines/a%0d%0aX-Injected:%201'],
    [
      'CR/LF in a parameter',
      `/api/reports/threadbreaks?from=1763000000&till=1763600000&machineIds=all%0d%0aX-Injected:%201`,
    ],
    [
      'CR/LF in a machine id',
      `/api/reports/threadbreaks?from=1763000000&till=1763600000&machineIds=A%0d%0aB`,
    ],
    ['an unknown path', '/api/admin'],
    ['an unknown report', '/api/reports/everything'],
    // with the parameters every report takes, so only the allow-list can refuse them
    ['an unknown report with valid parameters', `/api/reports/everything?${week}`],
    ['a report path one level deeper', `/api/reports/stitches/all?${week}`],
    ['a known report under another name', `/api/reports/Stitches?${week}`],
    ['a deeper machine path', '/api/machines/AS-1042/secrets'],
    ['an unknown parameter', `/api/reports/stitches?${week}&format=xml`],
    ['a parameter twice', `/api/reports/stitches?${week}&from=1`],
    ['a parameter of another report', `/api/reports/stitches?${week}&grouping=H`],
    ['a parameter on /machines', '/api/machines?debug=1'],
    ['a bad shift', `/api/reports/threadbreaks?${week}&shift=%7B%7D`],
    ['a bad grouping', `/api/reports/threadbreaks?${week}&grouping=HEAD`],
  ])('%s: %s', async (_, path) => {
    const { app, upstream } = vendorApp()
    const response = await app.request(path)
    expect([400, 404]).toContain(response.status)
    expect((await response.json()).error).toEqual(expect.any(String))
    expect(upstream.calls).toHaveLength(0)
  })

  test.each(['POST', 'PUT', 'PATCH', 'DELETE'])('%s to the read-only API is a 405', async (method) => {
    const { app, upstream } = vendorApp()
    const response = await app.request('/api/machines', {
      method,
      headers: { Origin: 'http://localhost', 'Content-Type': 'application/json' },
    })
    expect(response.status).toBe(405)
    expect(response.headers.get('Allow')).toBe('GET')
    expect(upstream.calls).toHaveLength(0)
  })

  test.each([
    ['CreatePNG'],
    ['CreateTC'],
    ['Optimize'],
    ['GetThreadCone '],
    ['getthreadcone'],
    [''],
    [null],
    [42],
  ])('RequestType %j is refused', async (type) => {
    const { app, upstream } = vendorApp()
    const response = await postJob(app, {
      RequestType: type,
      ThreadCone: { ConeSeries: 'X', ColorNumber: '1' },
    })
    expect(response.status).toBe(400)
    expect(upstream.calls).toHaveLength(0)
  })

  test.each([
    [
      'a Client field',
      { RequestType: 'GetThreadCone', Client: 'anything', ThreadCone: { ConeSeries: 'X', ColorNumber: '1' } },
    ],
    ['ThreadCone null', { RequestType: 'GetThreadCone', ThreadCone: null }],
    ['ThreadCone an array', { RequestType: 'GetThreadCone', ThreadCone: ['X'] }],
    [
      'a number as ColorNumber',
      { RequestType: 'GetThreadCone', ThreadCone: { ConeSeries: 'X', ColorNumber: 1 } },
    ],
    ['no ThreadCone for a series look-up', { RequestType: 'GetThreadConeList' }],
    ['a body that is not JSON', '{RequestType:'],
    ['a JSON array', '[]'],
  ])('a job with %s is a 400 naming the problem', async (_, body) => {
    const { app, upstream } = vendorApp()
    const response = await postJob(app, body)
    expect(response.status).toBe(400)
    expect((await response.json()).error).toEqual(expect.any(String))
    expect(upstream.calls).toHaveLength(0)
  })

  test('a job body over 16 KB is a 413', async () => {
    const { app, upstream } = vendorApp()
    const body = {
      RequestType: 'GetThreadCone',
      ThreadCone: { ConeSeries: 'x'.repeat(17_000), ColorNumber: '1' },
    }
    expect((await postJob(app, body)).status).toBe(413)
    expect((await postJob(app, body, { 'Content-Length': '1' })).status).toBe(413)
    expect(upstream.calls).toHaveLength(0)
  })

  test('a chunked job body is cut off at 16 KiB while it streams, never read whole', async () => {
    const { app, upstream } = vendorApp()
    let pulled = 0
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++
        controller.enqueue(new Uint8Array(4096).fill(32))
      },
    })
    const response = await postStream(app, endless)
    expect(response.status).toBe(413)
    expect(response.headers.get('Connection')).toBe('close')
    expect((await response.json()).error).toBe('A look-up request may be at most 16 KiB')
    expect(pulled).toBeLessThan(10)
    expect(upstream.calls).toHaveLength(0)
  })

  test('an upload that breaks off is a 400 and one short log line', async () => {
    const { app } = vendorApp()
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const broken = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"RequestType":'))
        controller.error(new Error('aborted'))
      },
    })
    const response = await postStream(app, broken)
    expect(response.status).toBe(400)
    expect(warn.mock.calls).toEqual([[expect.stringMatching(/^stitchboard: .*aborted[^\n]*$/)]])
    expect(error).not.toHaveBeenCalled()
    warn.mockRestore()
    error.mockRestore()
  })

  test('a job answer of null or any other non-object is a 502 with words, not a crash', async () => {
    const { app, upstream } = vendorApp()
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    upstream.set('null')
    const response = await postJob(app, { RequestType: 'GetThreadConeManufacturer' })
    expect(response.status).toBe(502)
    expect((await response.json()).error).toMatch(
      /the thread-cone service answered .* not an object \(null\)/,
    )
    expect(error).not.toHaveBeenCalled()
    error.mockRestore()
  })

  test('GET on /api/job is a 405', async () => {
    const { app } = vendorApp()
    expect((await app.request('/api/job')).status).toBe(405)
  })
})

describe('same origin only (issue 21)', () => {
  const job = JSON.stringify({ RequestType: 'GetThreadConeManufacturer' })

  test.each([
    ['an attacker’s domain (DNS rebinding)', 'evil.example'],
    ['an attacker’s subdomain with our port', 'stitchboard.evil.example:8080'],
  ])('a request addressed to %s is refused', async (_, host) => {
    const { app, upstream } = vendorApp()
    const response = await app.request('/api/machines', { headers: { Host: host } })
    expect(response.status).toBe(421)
    expect((await response.json()).error).toMatch(/ALLOWED_HOSTS/)
    expect((await app.request('/app-config.json', { headers: { Host: host } })).status).toBe(421)
    expect((await app.request('/', { headers: { Host: host } })).status).toBe(421)
    expect(upstream.calls).toHaveLength(0)
  })

  test.each([
    ['localhost with a port', 'localhost:8080'],
    ['an IPv4 address', '192.0.2.7:8080'],
    ['an IPv6 address', '[::1]:8080'],
    ['a name in ALLOWED_HOSTS, in any case', 'Wall.Factory.example'],
  ])('a request addressed to %s is answered', async (_, host) => {
    const { app } = vendorApp({ ALLOWED_HOSTS: 'wall.factory.example' })
    expect((await app.request('/api/machines', { headers: { Host: host } })).status).toBe(200)
  })

  test.each([
    ['another site’s Origin', { Origin: 'http://evil.example', 'Content-Type': 'application/json' }, 403],
    [
      'a cross-site fetch',
      { 'Sec-Fetch-Site': 'cross-site', Origin: 'http://localhost', 'Content-Type': 'application/json' },
      403,
    ],
    ['no Origin at all', { 'Content-Type': 'application/json' }, 403],
    ['the "null" Origin of a sandboxed frame', { Origin: 'null', 'Content-Type': 'application/json' }, 403],
    ['text/plain from our own origin', { Origin: 'http://localhost', 'Content-Type': 'text/plain' }, 415],
  ])('a POST with %s is refused and never reaches the upstream', async (_, headers, status) => {
    const { app, upstream } = vendorApp()
    const response = await app.request('/api/job', { method: 'POST', headers, body: job })
    expect(response.status).toBe(status)
    expect(upstream.calls).toHaveLength(0)
  })

  test('a POST from a page of this dashboard goes through', async () => {
    const { app, upstream } = vendorApp()
    const viaOrigin = await app.request('/api/job', {
      method: 'POST',
      headers: { Origin: 'http://localhost', 'Content-Type': 'application/json; charset=utf-8' },
      body: job,
    })
    expect(viaOrigin.status).toBe(200)
    const viaFetchMetadata = await app.request('/api/job', {
      method: 'POST',
      headers: { 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/json' },
      body: JSON.stringify({ RequestType: 'GetThreadConeSeries', ThreadCone: { Manufacturer: 'M' } }),
    })
    expect(viaFetchMetadata.status).toBe(200)
    expect(upstream.calls).toHaveLength(2)
  })
})

describe('only checked values reach the upstream, each in one spelling (issue 21)', () => {
  const padded = encodeURIComponent(`{"from":"22:00",${' '.repeat(500)}"to":"06:00"}`)

  test.each([
    [
      'padding inside the shift JSON',
      `&shift=${padded}`,
      '&shift=%7B%22from%22%3A%2222%3A00%22%2C%22to%22%3A%2206%3A00%22%7D',
    ],
    [
      'a duplicate key in the shift JSON',
      `&shift=${encodeURIComponent('{"from":"01:00","from":"22:00","to":"06:00"}')}`,
      '&shift=%7B%22from%22%3A%2222%3A00%22%2C%22to%22%3A%2206%3A00%22%7D',
    ],
    ['machine IDs with spaces and repeats', '&machineIds=A-1,%20A-1%20,B-2', ''],
  ])('%s', async (_, extra, shift) => {
    const { app, upstream } = vendorApp()
    const base = extra.includes('machineIds') ? 'from=1763000000&till=1763600000' : week
    const response = await app.request(`/api/reports/threadbreaks?${base}${extra}`)
    expect(response.status).toBe(200)
    const machineIds = extra.includes('machineIds') ? 'A-1%2CB-2' : 'all'
    expect(upstream.calls[0]!.url).toBe(
      `http://vendor.test/v1/reports/threadbreaks?from=1763000000&till=1763600000&machineIds=${machineIds}${shift}`,
    )
  })

  test.each([
    ['an extra key in the shift JSON', `&shift=${encodeURIComponent('{"from":"22:00","to":"06:00","x":1}')}`],
    ['a nested shift', `&shift=${encodeURIComponent('{"from":{"h":22},"to":"06:00"}')}`],
    ['"all" mixed with machine IDs', '&machineIds=all,evil'],
  ])('%s is refused', async (_, extra) => {
    const { app, upstream } = vendorApp()
    const base = extra.includes('machineIds') ? 'from=1763000000&till=1763600000' : week
    const response = await app.request(`/api/reports/threadbreaks?${base}${extra}`)
    expect(response.status).toBe(400)
    expect(upstream.calls).toHaveLength(0)
  })

  test('a request address over 4,096 characters is a 414, before any parameter is parsed', async () => {
    const { app, upstream } = vendorApp()
    const response = await app.request(`/api/reports/threadbreaks?${week}&shift=${'%20'.repeat(2000)}`)
    expect(response.status).toBe(414)
    expect(upstream.calls).toHaveLength(0)
  })

  test('a range longer than MAX_RANGE_DAYS is refused; the default is 400 days', async () => {
    const { app, upstream } = vendorApp()
    const ask = (days: number, path = '/api/reports/stitches') =>
      app.request(`${path}?from=1700000000&till=${1700000000 + days * 86_400}&machineIds=all`)
    expect((await ask(400)).status).toBe(200)
    const refused = await ask(401)
    expect(refused.status).toBe(400)
    expect((await refused.json()).error).toMatch(/longer than 400 days \(MAX_RANGE_DAYS\)/)
    expect((await app.request('/api/reports/stitches?from=0&till=999999999999&machineIds=all')).status).toBe(
      400,
    )
    expect(upstream.calls).toHaveLength(1)
    const short = vendorApp({ MAX_RANGE_DAYS: '31' })
    expect(
      (
        await short.app.request(
          `/api/reports/stitches?from=1700000000&till=${1700000000 + 32 * 86_400}&machineIds=all`,
        )
      ).status,
    ).toBe(400)
  })
})

describe('each report with exactly its documented parameters (myzsk-api.md, issue 16)', () => {
  const range = 'from=1763000000&till=1763600000'

  test.each([
    ['/reports/average-rpm', `${range}&machineIds=all`, 'machineIds', 'from, till, locationId, shift'],
    [
      '/reports/stitches',
      `${range}&machineIds=all&locationId=2`,
      'locationId',
      'from, till, machineIds, shift',
    ],
    [
      '/reports/number-of-pieces',
      `${range}&machineIds=all&includeBobbinThreadbreaks=true`,
      'includeBobbinThreadbreaks',
      'from, till, machineIds, shift',
    ],
  ])(
    '%s with %s: 400 naming the parameter and what the report takes; nothing goes upstream',
    async (path, query, name, takes) => {
      const { app, upstream } = vendorApp()
      const response = await app.request(`/api${path}?${query}`)
      expect(response.status).toBe(400)
      const { error } = (await response.json()) as { error: string }
      expect(error).toBe(`Parameter "${name}" is not accepted by ${path}; it takes ${takes}`)
      expect(upstream.calls).toHaveLength(0)
    },
  )

  test('the design reports go through with designId and designStitches, re-serialised', async () => {
    const { app, upstream } = vendorApp()
    const ok = await app.request(
      `/api/reports/design-summary?designStitches=38053&designId=ASD1001&${range}&machineIds=all`,
    )
    expect(ok.status).toBe(200)
    expect(upstream.calls[0]!.url).toBe(
      `http://vendor.test/v1/reports/design-summary?${range}&machineIds=all&designId=ASD1001&designStitches=38053`,
    )
    const without = await app.request(
      `/api/reports/threadbreaks-by-design?${range}&machineIds=all&designId=ASD1001`,
    )
    expect(without.status).toBe(400)
    expect(((await without.json()) as { error: string }).error).toContain('designStitches')
    expect(upstream.calls).toHaveLength(1)
  })

  test.each([
    ['/datacollectors', '/datacollectors'],
    ['/work-periods', '/work-periods'],
    ['/designs?limit=1000&page=2', '/designs?page=2&limit=1000'],
  ])('%s is allow-listed and forwarded as checked', async (path, forwarded) => {
    const { app, upstream } = vendorApp()
    const response = await app.request(`/api${path}`)
    expect(response.status).toBe(200)
    expect(upstream.calls[0]!.url).toBe(`http://vendor.test/v1${forwarded}`)
  })

  test.each([
    ['/designs?limit=1001', 'limit'],
    ['/designs?page=0', 'page'],
    ['/work-periods?page=1', 'page'],
  ])('%s is a 400 naming %s', async (path, name) => {
    const { app, upstream } = vendorApp()
    const response = await app.request(`/api${path}`)
    expect(response.status).toBe(400)
    expect(((await response.json()) as { error: string }).error).toContain(name)
    expect(upstream.calls).toHaveLength(0)
  })
})

describe('secrets stay on the server', () => {
  const browserHeaders = {
    'X-API-Key': 'browser-key',
    Authorization: 'Bearer browser',
    Cookie: 'session=browser',
  }

  test('the upstream gets our key and none of the browser’s credentials', async () => {
    const { app, upstream } = vendorApp()
    await app.request(`/api/reports/stitches?${week}`, { headers: browserHeaders })
    const call = upstream.calls[0]!
    expect(call.url).toBe(`http://vendor.test/v1/reports/stitches?${week}`)
    expect(call.headers.get('X-API-Key')).toBe(VENDOR_ENV.API_KEY)
    expect(call.headers.get('Authorization')).toBeNull()
    expect(call.headers.get('Cookie')).toBeNull()
  })

  test('the job gets the licence and version 3, never a Client', async () => {
    const { app, upstream } = vendorApp()
    await postJob(app, {
      RequestType: 'GetThreadCone',
      ThreadCone: { ConeSeries: 'S', ColorNumber: '1', Extra: 'x' },
      WebApiLicense: 'mine',
    })
    const call = upstream.calls[0]!
    expect(call.url).toBe('http://jobs.test/api/StitchJob')
    expect(await call.json()).toEqual({
      ServerVersion: { Major: 3, Minor: 0 },
      WebApiLicense: VENDOR_ENV.WEB_API_LICENSE,
      RequestType: 'GetThreadCone',
      ThreadCone: { ConeSeries: 'S', ColorNumber: '1' },
    })
  })

  test.each([
    ['a report', `/api/reports/stitches?${week}`, undefined],
    ['a job', '/api/job', { RequestType: 'GetThreadConeManufacturer' }],
    ['a refusal', '/api/nope', undefined],
    ['the app config', '/app-config.json', undefined],
    ['health', '/healthz', undefined],
    ['the SPA', '/machines', undefined],
  ])('no answer carries the key or licence, nor the upstream’s cookie: %s', async (_, path, job) => {
    const { app } = vendorApp()
    const response = job
      ? await postJob(app, job, browserHeaders)
      : await app.request(path, { headers: browserHeaders })
    const everything = `${[...response.headers].join('\n')}\n${await response.text()}`
    expect(everything).not.toContain(VENDOR_ENV.API_KEY)
    expect(everything).not.toContain(VENDOR_ENV.WEB_API_LICENSE)
    expect(response.headers.get('Set-Cookie')).toBeNull()
  })
})

describe('cache and coalescing', () => {
  test('200 identical concurrent GETs make one upstream call; later ones within the TTL are cache hits', async () => {
    const { app, upstream } = vendorApp()
    upstream.hold()
    const pending = Array.from({ length: 200 }, () => app.request(`/api/reports/stitches?${week}`))
    await until(
      'the first call to reach the upstream',
      () => upstream.calls.length,
      (n) => n >= 1,
      { seconds: 3 },
    )
    upstream.open()
    const answers = await Promise.all(pending)
    expect(answers.every((a) => a.status === 200)).toBe(true)
    expect(upstream.calls).toHaveLength(1)
    const again = await app.request(`/api/reports/stitches?${week}`)
    expect(again.headers.get('X-Cache')).toBe('HIT')
    expect(upstream.calls).toHaveLength(1)
  })

  test('the same parameters in another order share the cache entry', async () => {
    const { app, upstream } = vendorApp()
    await app.request('/api/reports/stitches?from=1763000000&till=1763600000&machineIds=all')
    await app.request('/api/reports/stitches?machineIds=all&till=1763600000&from=1763000000')
    expect(upstream.calls).toHaveLength(1)
  })

  test('an answer is kept for CACHE_TTL_SECONDS seconds, then asked again', async () => {
    const { app, upstream, clock } = vendorApp({ CACHE_TTL_SECONDS: '5' })
    expect((await app.request('/api/machines')).headers.get('X-Cache')).toBe('MISS')
    clock.advance(4_900)
    expect((await app.request('/api/machines')).headers.get('X-Cache')).toBe('HIT')
    expect(upstream.calls).toHaveLength(1)
    clock.advance(200)
    expect((await app.request('/api/machines')).headers.get('X-Cache')).toBe('MISS')
    expect(upstream.calls).toHaveLength(2)
  })

  test('with CACHE_TTL_SECONDS=0 every request goes upstream', async () => {
    const { app, upstream } = vendorApp({ CACHE_TTL_SECONDS: '0' })
    await app.request('/api/machines')
    await app.request('/api/machines')
    expect(upstream.calls).toHaveLength(2)
  })

  test('an upstream error is passed on with its status and is not cached', async () => {
    const { app, upstream } = vendorApp()
    upstream.set('error500')
    const first = await app.request('/api/machines')
    expect(first.status).toBe(500)
    expect(await first.json()).toEqual({ error: 'database unavailable' })
    upstream.set('ok')
    expect((await app.request('/api/machines')).status).toBe(200)
    expect(upstream.calls).toHaveLength(2)
  })

  test('a 404 with a JSON body stays a 404', async () => {
    const { app, upstream } = vendorApp()
    upstream.set('notFound')
    const response = await app.request('/api/machines/NO-SUCH')
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ error: 'Machine not found' })
  })
})

describe('a failing upstream gets a status and words a supervisor can act on', () => {
  test.each([
    ['slow', 504, /did not answer within 1 s/],
    ['deaf', 504, /did not answer within 1 s/],
    ['reset', 502, /Cannot reach the production API \(ECONNRESET\)/],
    ['html', 502, /not JSON/],
    ['malformed', 502, /not JSON/],
    ['huge', 502, /more than 64 MiB/],
    ['null', 502, /JSON that is not an object \(null\)/],
    ['array', 502, /JSON that is not an object \(an array\)/],
    ['redirect', 502, /answered with a redirect \(HTTP 302 to https:\/\/login\.example\/sso\)/],
  ] as const)('%s → %i', async (behaviour, status, message) => {
    const { app, upstream } = vendorApp({ UPSTREAM_TIMEOUT_SECONDS: '1' })
    upstream.set(behaviour)
    const response = await app.request('/api/machines')
    expect(response.status).toBe(status)
    expect((await response.json()).error).toMatch(message)
    upstream.set('ok')
    expect((await app.request('/api/machines')).status).toBe(200) // nothing cached from the failure
  })
})

describe('security headers on every answer', () => {
  test.each(['/api/machines', '/api/nope', '/healthz', '/app-config.json', '/', '/machines/AS-1'])(
    '%s',
    async (path) => {
      const { app } = vendorApp()
      const response = await app.request(path)
      expect(response.headers.get('Content-Security-Policy')).toMatch(
        /script-src 'self'.*frame-ancestors 'self'/,
      )
      expect(response.headers.get('Content-Security-Policy')).not.toContain('unsafe-inline')
      expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff')
      expect(response.headers.get('Referrer-Policy')).toBe('no-referrer')
    },
  )
})
