import type { Server } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { connect } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { fakeUpstream } from '../test/fake-upstream'
import { testApp, VENDOR_ENV } from '../test/server-app'
import { until } from '../test/until'
import { createNodeServer, LISTENER_LIMITS, shutDown } from './node-server'

/** Raw request targets over real HTTP: what a URL parser would quietly normalise is refused first. */
const upstream = fakeUpstream()
const { app } = testApp(VENDOR_ENV, upstream.transport)
const server = createNodeServer(app.fetch)
let port = 0

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

function rawGet(target: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`)
    })
    let answer = ''
    socket.on('data', (chunk) => (answer += chunk.toString()))
    socket.on('end', () => resolve(answer))
    socket.on('error', reject)
  })
}

describe('the Node listener', () => {
  test.each([
    ['plain dot segments', '/api/reports/../machines'],
    ['a dot segment to the root', '/api/machines/../../etc/passwd'],
    ['a single dot', '/api/./machines'],
    ['encoded dot segments', '/api/%2e%2e/machines'],
    ['mixed-case encoded dot segments', '/api/machines/%2E%2e/reports/stitches'],
    ['half-encoded dot segments', '/api/machines/.%2e/admin'],
    ['backslashes', '/api/machines\\..\\admin'],
    ['an encoded NUL', '/api/machines/a%00b'],
  ])('refuses %s (%s) with 400 before the app, and nothing reaches the upstream', async (_, target) => {
    const answer = await rawGet(target)
    expect(answer).toMatch(/^HTTP\/1\.1 400/)
    expect(answer).toMatch(/"error":"Refused: /)
    expect(upstream.calls).toHaveLength(0)
  })

  test('serves a normal request', async () => {
    const answer = await rawGet('/api/machines')
    expect(answer).toMatch(/^HTTP\/1\.1 200/)
    expect(upstream.calls).toHaveLength(1)
  })
})

/** Connection discipline (issue 21), with limits small enough to watch: sockets on loopback only. */
describe('the Node listener holds clients to its limits', () => {
  const limits = {
    ...LISTENER_LIMITS,
    headersTimeoutMs: 300,
    requestTimeoutMs: 600,
    keepAliveTimeoutMs: 300,
    idleTimeoutMs: 600,
    maxConnectionsPerClient: 5,
  }
  const open: Socket[] = []
  const dial = (p: number) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = connect(p, '127.0.0.1', () => resolve(socket))
      socket.on('error', () => {})
      socket.once('error', reject)
      open.push(socket)
    })
  const closed = (socket: Socket) =>
    new Promise<void>((resolve) => {
      if (socket.destroyed || socket.readyState === 'closed') resolve()
      else socket.once('close', () => resolve())
    })
  async function listening(server: Server) {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    return (server.address() as AddressInfo).port
  }
  afterEach(() => {
    for (const socket of open.splice(0)) socket.destroy()
  })

  test('a target over the limit is a 414 before any parsing; one over Node’s 16 KiB head a 431', async () => {
    const answer = await rawGet(`/api/reports/stitches?shift=${'%20'.repeat(2000)}`)
    expect(answer).toMatch(/^HTTP\/1\.1 414/)
    const huge = await rawGet(`/api/reports/stitches?shift=${'%20'.repeat(14_000)}`)
    expect(huge).toMatch(/^HTTP\/1\.1 431/)
  })

  test('a client that never finishes its request head is let go', async () => {
    const server = createNodeServer(app.fetch, limits)
    const p = await listening(server)
    const slow = await dial(p)
    slow.write('GET /api/machines HTTP/1.1\r\nHost: 127.0.0.1\r\n')
    const idle = await dial(p)
    await Promise.all([closed(slow), closed(idle)])
    await shutDown(server, 0)
  })

  test('a body that never ends is cut off by the request timeout', async () => {
    const server = createNodeServer(app.fetch, limits)
    const p = await listening(server)
    const endless = await dial(p)
    endless.write(
      'POST /api/job HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: http://127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n',
    )
    const drip = setInterval(() => endless.writable && endless.write('1\r\n \r\n'), 50)
    await closed(endless)
    clearInterval(drip)
    await shutDown(server, 0)
  })

  test('one client cannot hold more than its share of connections; others still get in', async () => {
    const server = createNodeServer(app.fetch, {
      ...limits,
      idleTimeoutMs: 10_000,
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 10_000,
    })
    const p = await listening(server)
    const sockets = await Promise.all(Array.from({ length: 8 }, () => dial(p)))
    const refused = () => sockets.filter((s) => s.destroyed || s.readyState === 'closed').length
    await until('the connections beyond the client’s share to be closed', refused, (n) => n >= 3, {
      seconds: 3,
    })
    expect(refused()).toBe(3)
    // another client (another loopback address) is served meanwhile
    const answer = await new Promise<string>((resolve, reject) => {
      const other = connect({ port: p, host: '127.0.0.1', localAddress: '127.0.0.2' }, () =>
        other.write('GET /api/machines HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n'),
      )
      let text = ''
      other.on('data', (chunk) => (text += chunk.toString()))
      other.on('end', () => resolve(text))
      other.on('error', reject)
    })
    expect(answer).toMatch(/^HTTP\/1\.1 200/)
    await shutDown(server, 0)
  })

  test('shutting down ends within SHUTDOWN_SECONDS even with a slow client mid-request', async () => {
    const server = createNodeServer(app.fetch, {
      ...limits,
      requestTimeoutMs: 60_000,
      headersTimeoutMs: 60_000,
    })
    const p = await listening(server)
    const slow = await dial(p)
    const arrived = new Promise((resolve) => server.once('request', resolve))
    slow.write(
      'POST /api/job HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: http://127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
    )
    await arrived
    let done = false
    const stopping = shutDown(server, 0.2).then(() => (done = true))
    await new Promise((resolve) => setImmediate(resolve))
    expect(done).toBe(false) // a request in flight gets its grace period
    // then the slow client is cut off: this test's own limit (5 s) is far below the request's 60 s, so a
    // shutdown that waited for the request would not get here
    await stopping
    await closed(slow)
  })
})
