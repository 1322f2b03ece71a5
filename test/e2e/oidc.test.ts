import { createServer, type Server } from 'node:http'
import Provider from 'oidc-provider'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { createDatabase } from '../history/postgres-server'
import { freePort, launchChromium, type Running, startProcess } from './harness'
import { DESK } from './page-checks'

/**
 * Issue "Who": signing in at the factory's identity provider, a real OpenID Connect provider (the npm
 * package oidc-provider, certified by the OpenID Foundation) started here: in Chromium with PKCE, the
 * role from a claim, a forged state refused, and sign-out ending the session on both instances that share
 * one DATABASE_URL.
 */
const CLIENT = { id: 'stitchboard', secret: 'a-client-secret-for-the-tests-0123456789' }
/** The provider's people: Sue leads a line (her group gives the supervisor role). */
const ACCOUNTS: Record<string, { name: string; groups: string[] }> = {
  sue: { name: 'Sue Example', groups: ['line-leads', 'everyone'] },
}

let provider: Server
let issuer: string
let a: Running
let b: Running
let browser: Awaited<ReturnType<typeof launchChromium>>

beforeAll(async () => {
  const providerPort = await freePort()
  issuer = `http://127.0.0.1:${providerPort}`
  const [portA, portB] = [await freePort(), await freePort()]
  const oidc = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
        redirect_uris: [portA, portB].map((port) => `http://127.0.0.1:${port}/api/auth/oidc/callback`),
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    cookies: { keys: ['cookie-key-for-the-tests'] },
    claims: { openid: ['sub'], profile: ['name', 'preferred_username', 'groups'] },
    // the groups in the ID token itself, where stitchboard reads the role claim
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    async findAccount(_ctx, id) {
      const account = ACCOUNTS[id] ?? { name: id, groups: [] }
      return {
        accountId: id,
        claims: async () => ({ sub: id, name: account.name, preferred_username: id, groups: account.groups }),
      }
    },
  })
  provider = createServer(oidc.callback())
  await new Promise<void>((resolve) => provider.listen(providerPort, '127.0.0.1', resolve))
  const database = await createDatabase(inject('databaseUrl'), `e2e_oidc_${process.pid}`)
  const env = (port: number) => ({
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: database,
    OIDC_ISSUER: issuer,
    OIDC_CLIENT_ID: CLIENT.id,
    OIDC_CLIENT_SECRET: CLIENT.secret,
    OIDC_ROLE_CLAIM: 'groups',
    OIDC_ROLES: 'line-leads=supervisor',
  })
  ;[a, b, browser] = await Promise.all([
    startProcess('server/main.ts', env(portA)),
    startProcess('server/main.ts', env(portB)),
    launchChromium(),
  ])
})

afterAll(async () => {
  await browser?.close()
  await Promise.all([a?.stop(), b?.stop()])
  await new Promise((resolve) => provider?.close(resolve))
})

/** Who a server says the cookie is. */
const whoOn = async (server: Running, cookie: string) =>
  (
    (await (await fetch(`${server.url}/api/auth/me`, { headers: { Cookie: cookie } })).json()) as {
      person: { login: string; name: string; role: string } | null
    }
  ).person

describe('signing in at the identity provider', { timeout: 120_000 }, () => {
  test('in Chromium with PKCE, the role from a claim, out on both instances at once', async () => {
    const page = await browser.newPage({ viewport: DESK })
    await page.goto(`${a.url}/sign-in?next=%2Fpace`)
    await page.getByRole('link', { name: `Sign in with 127.0.0.1:${new URL(issuer).port}` }).click()
    // the provider's own pages: its login, then its consent
    await page.locator('input[name=login]').fill('sue')
    await page.locator('input[name=password]').fill('anything')
    await page.getByRole('button', { name: 'Sign-in' }).click()
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.waitForURL(`${a.url}/pace`)
    await page.getByRole('link', { name: 'Signed in as Sue Example: your account' }).waitFor()
    // the authorization request carried a PKCE challenge (S256), a state and a nonce
    const started = (await page.context().cookies()).find((c) => c.name === 'stitchboard_person')
    expect(started?.httpOnly).toBe(true)
    expect(started?.sameSite).toBe('Lax')
    const cookie = `stitchboard_person=${started!.value}`
    expect(await whoOn(a, cookie)).toMatchObject({ login: 'sue', name: 'Sue Example', role: 'supervisor' })
    // the other instance knows the session: one database
    expect(await whoOn(b, cookie)).toMatchObject({ login: 'sue' })

    // signed out on one, out on both
    await page.goto(`${a.url}/sign-in`)
    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.getByRole('heading', { name: 'Sign in' }).waitFor()
    expect(await whoOn(a, cookie)).toBeNull()
    expect(await whoOn(b, cookie)).toBeNull()
    await page.close()
  })

  test('a forged state is refused, and the page says so', async () => {
    const page = await browser.newPage({ viewport: DESK })
    await page.goto(`${a.url}/api/auth/oidc/callback?code=stolen-code&state=forged-state`)
    await page.waitForURL(`${a.url}/sign-in?failed=state`)
    await page
      .getByRole('alert')
      .getByText('The sign-in was refused: it did not start in this browser, or took longer than 10 minutes.')
      .waitFor()
    expect(await page.evaluate(() => fetch('/api/auth/me').then((r) => r.json()))).toMatchObject({
      person: null,
    })
    await page.close()
  })

  test('the authorization request has PKCE (S256), a state and a nonce', async () => {
    const started = await fetch(`${a.url}/api/auth/oidc/start?next=%2Fmachines`, { redirect: 'manual' })
    expect(started.status).toBe(302)
    const to = new URL(started.headers.get('Location')!)
    expect(to.origin).toBe(issuer)
    expect(to.searchParams.get('code_challenge_method')).toBe('S256')
    expect(to.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/)
    expect(to.searchParams.get('state')).toMatch(/^[\w-]{43}$/)
    expect(to.searchParams.get('nonce')).toMatch(/^[\w-]{43}$/)
    expect(to.searchParams.get('redirect_uri')).toBe(`${a.url}/api/auth/oidc/callback`)
    // the state is also the browser's, in a cookie of its own: a callback from another browser is refused
    expect(started.headers.get('Set-Cookie')).toContain(`stitchboard_oidc=${to.searchParams.get('state')}`)
    const elsewhere = await fetch(
      `${a.url}/api/auth/oidc/callback?code=x&state=${to.searchParams.get('state')}`,
      { redirect: 'manual' },
    )
    expect(elsewhere.headers.get('Location')).toBe('/sign-in?failed=state')
  })
})
