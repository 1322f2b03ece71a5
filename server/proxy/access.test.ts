import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test, vi } from 'vitest'
import { testApp } from '../../test/server-app'
import { sessionFile } from '../session-file'

/** DASHBOARD_TOKEN (docs/configuration.md, "Where it listens, and who may use it"): token link once →
 * cookie; Bearer; 401 otherwise, slowed down. */
const TOKEN = 'correct-horse-battery-staple'
const setup = () => testApp({ DASHBOARD_TOKEN: TOKEN })

describe('access control with DASHBOARD_TOKEN', () => {
  test('without credentials: 401, JSON for the API, a page for the browser', async () => {
    const { app } = setup()
    const api = await app.request('/api/machines')
    expect(api.status).toBe(401)
    expect((await api.json()).error).toContain('access token')
    const page = await app.request('/')
    expect(page.status).toBe(401)
    expect(page.headers.get('Content-Type')).toContain('text/html')
  })

  test('/?token= sets an HttpOnly, SameSite=Strict session cookie and drops the token from the URL', async () => {
    const { app } = setup()
    const login = await app.request(`/kiosk?pages=status&token=${TOKEN}`)
    expect(login.status).toBe(303)
    expect(login.headers.get('Location')).toBe('/kiosk?pages=status')
    const cookie = login.headers.get('Set-Cookie')!
    expect(cookie).toMatch(/HttpOnly/)
    expect(cookie).toMatch(/SameSite=Strict/)
    expect(cookie).toMatch(/Max-Age=2592000/) // SESSION_HOURS: 720 by default
    expect(cookie).not.toMatch(/Secure/) // plain HTTP here
    expect(cookie).not.toContain(TOKEN)
    const session = cookie.split(';')[0]!
    expect((await app.request('/api/machines', { headers: { Cookie: session } })).status).toBe(200)
    const renewed = await app.request('/app-config.json', { headers: { Cookie: session } })
    expect(renewed.headers.get('Set-Cookie')).toMatch(/Max-Age=2592000/)
  })

  test('session ids are random: two logins, two different sessions, neither derived from the token', async () => {
    const { app } = setup()
    const ids = await Promise.all(
      [1, 2].map(
        async () => (await app.request(`/?token=${TOKEN}`)).headers.get('Set-Cookie')!.split(';')[0],
      ),
    )
    expect(ids[0]).not.toBe(ids[1])
    expect(ids[0]).toMatch(/^stitchboard_session=[A-Za-z0-9_-]{43}$/)
  })

  test('a session ends after SESSION_HOURS without use, and lives on while it is used', async () => {
    const { app, clock } = testApp({ DASHBOARD_TOKEN: TOKEN, SESSION_HOURS: '2' })
    const used = (await app.request(`/?token=${TOKEN}`)).headers.get('Set-Cookie')!.split(';')[0]!
    const idle = (await app.request(`/?token=${TOKEN}`)).headers.get('Set-Cookie')!.split(';')[0]!
    for (let hour = 0; hour < 3; hour++) {
      clock.advance(3_600_000)
      expect((await app.request('/app-config.json', { headers: { Cookie: used } })).status).toBe(200)
    }
    expect((await app.request('/api/machines', { headers: { Cookie: used } })).status).toBe(200)
    expect((await app.request('/api/machines', { headers: { Cookie: idle } })).status).toBe(401)
  })

  test('DELETE /api/sessions with the token ends every session at once', async () => {
    const { app } = setup()
    const session = (await app.request(`/?token=${TOKEN}`)).headers.get('Set-Cookie')!.split(';')[0]!
    const withCookie = await app.request('/api/sessions', { method: 'DELETE', headers: { Cookie: session } })
    expect(withCookie.status).not.toBe(200) // a session cannot end the others; the token can
    const revoked = await app.request('/api/sessions', {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${TOKEN}` },
    })
    expect(revoked.status).toBe(200)
    expect(await revoked.json()).toEqual({ ended: 1 })
    expect((await app.request('/api/machines', { headers: { Cookie: session } })).status).toBe(401)
  })

  test('the cookie is Secure over HTTPS, and behind a trusted TLS proxy only', async () => {
    const direct = setup()
    const https = await direct.app.request(`https://localhost/?token=${TOKEN}`)
    expect(https.headers.get('Set-Cookie')).toMatch(/; Secure/)
    const forwarded = { 'X-Forwarded-Proto': 'https', 'X-Test-Socket': '10.0.0.2' }
    const untrusted = await direct.app.request(`/?token=${TOKEN}`, { headers: forwarded })
    expect(untrusted.headers.get('Set-Cookie')).not.toMatch(/Secure/)
    const proxied = testApp({ DASHBOARD_TOKEN: TOKEN, TRUST_PROXY: '10.0.0.2' })
    const trusted = await proxied.app.request(`/?token=${TOKEN}`, { headers: forwarded })
    expect(trusted.headers.get('Set-Cookie')).toMatch(/; Secure/)
  })

  test.each([
    ['//evil.example', '/evil.example'],
    ['/\\evil.example/x', '/evil.example/x'],
    ['/kiosk', '/kiosk'],
  ])('a token link at %s redirects on this server only (%s)', async (path, location) => {
    const { app } = setup()
    const response = await app.request(`http://localhost${path}?token=${TOKEN}`)
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe(location)
  })

  test('Authorization: Bearer works; a wrong one does not', async () => {
    const { app } = setup()
    expect(
      (await app.request('/api/machines', { headers: { Authorization: `Bearer ${TOKEN}` } })).status,
    ).toBe(200)
    expect(
      (await app.request('/api/machines', { headers: { Authorization: `Bearer ${TOKEN}x` } })).status,
    ).toBe(401)
    expect(
      (await app.request('/api/machines', { headers: { Cookie: 'stitchboard_session=forged' } })).status,
    ).toBe(401)
  })

  test('a wrong token link is refused and sets nothing', async () => {
    const { app } = setup()
    const response = await app.request('/?token=guess')
    expect(response.status).toBe(401)
    expect(response.headers.get('Set-Cookie')).toBeNull()
  })

  test('guessing is limited per client: 1,000 parallel guesses test 10 tokens, the right one among them is not let in', async () => {
    const { app, clock } = setup()
    const guess = (token: string) =>
      app.request('/api/machines', { headers: { Authorization: `Bearer ${token}` } })
    const answers = await Promise.all(
      Array.from({ length: 1000 }, (_, i) => guess(i === 500 ? TOKEN : `wrong-${i}`)),
    )
    const statuses = answers.map((a) => a.status)
    expect(statuses.filter((s) => s === 401)).toHaveLength(10)
    expect(statuses.filter((s) => s === 429)).toHaveLength(990)
    expect(statuses[500]).toBe(429) // never checked: the limit came first
    expect(answers[999]!.headers.get('Retry-After')).toBe('6')
    // one more attempt every 6 s; a success gives its attempt back but resets nothing
    clock.advance(6000)
    expect((await guess(TOKEN)).status).toBe(200)
    expect((await guess('wrong')).status).toBe(401)
    expect((await guess('wrong')).status).toBe(429)
    // another client is not held up by this one
    const other = await app.request('/api/machines', {
      headers: { Authorization: `Bearer ${TOKEN}`, 'X-Test-Socket': '192.0.2.50' },
    })
    expect(other.status).toBe(200)
  })

  test('guessing is limited in all: many addresses together get no more than 100 attempts at once', async () => {
    const { app } = setup()
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        app.request('/api/machines', {
          headers: { Authorization: 'Bearer wrong', 'X-Test-Socket': `198.51.100.${i % 250}` },
        }),
      ),
    )
    expect(answers.filter((a) => a.status === 401)).toHaveLength(100)
    expect(answers.filter((a) => a.status === 429)).toHaveLength(200)
  })

  test('behind a trusted proxy each client is told apart by X-Forwarded-For, which no one else can set', async () => {
    const { app } = testApp({ DASHBOARD_TOKEN: TOKEN, TRUST_PROXY: '10.0.0.2' })
    const from = (client: string, socket = '10.0.0.2') =>
      app.request('/api/machines', {
        headers: { Authorization: 'Bearer wrong', 'X-Forwarded-For': client, 'X-Test-Socket': socket },
      })
    for (let i = 0; i < 10; i++) expect((await from('203.0.113.1')).status).toBe(401)
    expect((await from('203.0.113.1')).status).toBe(429)
    // a client writing its own X-Forwarded-For through the proxy is still the proxy's right-most hop
    expect((await from('1.2.3.4, 203.0.113.1')).status).toBe(429)
    expect((await from('203.0.113.2')).status).toBe(401)
    // not through the proxy: X-Forwarded-For is ignored, the socket counts
    for (let i = 0; i < 10; i++) await from(`198.51.100.${i}`, '192.0.2.9')
    expect((await from('198.51.100.99', '192.0.2.9')).status).toBe(429)
  })

  test('sessions outlive a restart through DATA_DIR; the file holds digests, never the session ids', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'stitchboard-sessions-'))
    try {
      const before = testApp({ DASHBOARD_TOKEN: TOKEN }, undefined, undefined, sessionFile(dir))
      const store = sessionFile(dir)
      const first = testApp({ DASHBOARD_TOKEN: TOKEN }, undefined, undefined, store)
      const session = (await first.app.request(`/?token=${TOKEN}`)).headers.get('Set-Cookie')!.split(';')[0]!
      store.flush()
      const file = readFileSync(join(dir, 'sessions.json'), 'utf8')
      expect(file).not.toContain(session.split('=')[1])
      expect(statSync(join(dir, 'sessions.json')).mode & 0o777).toBe(0o600)
      const after = testApp({ DASHBOARD_TOKEN: TOKEN }, undefined, undefined, sessionFile(dir))
      expect((await after.app.request('/api/machines', { headers: { Cookie: session } })).status).toBe(200)
      expect((await before.app.request('/api/machines', { headers: { Cookie: session } })).status).toBe(401)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  test('an unreadable sessions file starts empty with one warning, not a crash', () => {
    const dir = mkdtempSync(join(tmpdir(), 'stitchboard-sessions-'))
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      writeFileSync(join(dir, 'sessions.json'), '{not json')
      expect([...sessionFile(dir).load()]).toEqual([])
      expect(warn).toHaveBeenCalledTimes(1)
    } finally {
      warn.mockRestore()
      rmSync(dir, { recursive: true, force: true })
    }
  })

  test('/healthz stays open for liveness probes', async () => {
    const { app } = setup()
    expect((await app.request('/healthz')).status).toBe(200)
  })
})
