import { describe, expect, test } from 'vitest'
import { testApp } from '../server-app'

/** DASHBOARD_TOKEN (ARCHITECTURE.md): token link once → cookie; Bearer; 401 otherwise, slowed down. */
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
    expect(cookie).toMatch(/Max-Age=34560000/)
    expect(cookie).not.toContain(TOKEN)
    const session = cookie.split(';')[0]!
    expect((await app.request('/api/machines', { headers: { Cookie: session } })).status).toBe(200)
    const renewed = await app.request('/app-config.json', { headers: { Cookie: session } })
    expect(renewed.headers.get('Set-Cookie')).toMatch(/Max-Age=34560000/)
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

  test('repeated failures are slowed down, more each time, and a success resets the count', async () => {
    const { app, sleeps } = setup()
    for (let i = 0; i < 8; i++)
      await app.request('/api/machines', { headers: { Authorization: 'Bearer nope' } })
    expect(sleeps).toEqual([250, 500, 1000])
    await app.request('/api/machines', { headers: { Authorization: `Bearer ${TOKEN}` } })
    await app.request('/api/machines', { headers: { Authorization: 'Bearer nope' } })
    expect(sleeps).toHaveLength(3)
  })

  test('/healthz stays open for liveness probes', async () => {
    const { app } = setup()
    expect((await app.request('/healthz')).status).toBe(200)
  })
})
