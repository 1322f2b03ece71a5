import type { AddressInfo } from 'node:net'
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createNodeServer } from '../../server/node-server'
import { testApp, VENDOR_ENV } from '../server-app'
import { fakeUpstream } from './fake-upstream'

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
