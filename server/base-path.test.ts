import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { configError } from '../test/config-error'
import { FIXED_NOW } from '../test/demo-client'
import { deliver, messageOf, slackBody, teamsBody, webhookBody } from './alerts/channels'
import type { Channel } from './alerts/settings'
import type { AlertView } from './alerts/store'
import { createApp } from './app'
import { loadConfig } from './config'
import { speaking } from './messages'
import { loadStaticFiles } from './node-server'
import { upstreamsFor } from './upstreams'

/** BASE_PATH (issue 34): the dashboard behind a reverse proxy under a sub-path, such as nginx's
 * `location /stitchboard/ { proxy_pass http://127.0.0.1:8080/; }`, which strips the prefix, or without
 * the trailing slash, which passes it on. test/e2e/sub-path.test.ts runs the same behind a real nginx. */

const BASE = '/stitchboard'
const TOKEN = 'correct-horse-battery-staple'

/** The built SPA as the server reads dist: a page naming its files relative to its base (Vite's
 * `base: './'`), one hashed asset. */
function builtDist(): string {
  const dist = mkdtempSync(join(tmpdir(), 'stitchboard-dist-'))
  mkdirSync(join(dist, 'assets'))
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><script type="module" crossorigin src="./assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>',
  )
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)')
  return dist
}

function appUnder(env: Record<string, string>) {
  const config = loadConfig({ FACTORY_TIMEZONE: 'Europe/Berlin', ...env })
  return createApp({
    config,
    upstreams: upstreamsFor(config, () => Promise.reject(new Error('no vendor here')), {
      now: () => FIXED_NOW,
    }),
    version: 'test',
    staticFiles: loadStaticFiles(builtDist(), config.basePath),
    clientKey: () => '127.0.0.1',
    now: () => FIXED_NOW,
  })
}

describe('BASE_PATH in the configuration', () => {
  test.each([
    [undefined, ''],
    ['', ''],
    ['/', ''],
    ['/stitchboard', '/stitchboard'],
    ['/stitchboard/', '/stitchboard'],
    [' /tools/stitch-board_2.0~x ', '/tools/stitch-board_2.0~x'],
  ])('%j → base path %j', (value, basePath) => {
    expect(loadConfig(value === undefined ? {} : { BASE_PATH: value }).basePath).toBe(basePath)
  })

  test.each([
    ['stitchboard', 'BASE_PATH must start with / (such as /stitchboard) (got "stitchboard")'],
    ['/stitchboard//', 'BASE_PATH must be a path such as /stitchboard'],
    ['//stitchboard', 'BASE_PATH must be a path such as /stitchboard'],
    ['/a//b', 'BASE_PATH must be a path such as /stitchboard'],
    ['/a/../b', 'BASE_PATH must be a path such as /stitchboard'],
    ['/a/./b', 'BASE_PATH must be a path such as /stitchboard'],
    ['/stitch board', 'BASE_PATH must be a path such as /stitchboard'],
    ['/"><script>', 'BASE_PATH must be a path such as /stitchboard'],
    ['/stitchboard?x=1', 'BASE_PATH must be a path such as /stitchboard'],
    ['/stitch%2Fboard', 'BASE_PATH must be a path such as /stitchboard'],
    [`/${'a'.repeat(201)}`, 'BASE_PATH must be a path such as /stitchboard'],
  ])('%j is refused', (value, message) => {
    expect(configError({ BASE_PATH: value })).toContain(message)
  })

  test('a bad BASE_PATH is one line among the others, all at once', () => {
    expect(
      configError({ BASE_PATH: 'stitchboard', PORT: 'http', PUBLIC_URL: 'intranet' }).split('\n'),
    ).toEqual([
      expect.stringMatching(/^PORT must be a decimal port number/),
      expect.stringMatching(/^BASE_PATH must start with \//),
      expect.stringMatching(/^PUBLIC_URL must be an http\(s\) URL such as https:\/\/intranet.example/),
    ])
  })

  test('PUBLIC_URL: the address people reach, the base path added; its own path may only be the base path', () => {
    const publicUrl = (env: Record<string, string>) => loadConfig(env).publicUrl
    expect(publicUrl({})).toBeNull()
    expect(publicUrl({ PUBLIC_URL: 'https://intranet.example/' })).toBe('https://intranet.example')
    expect(publicUrl({ PUBLIC_URL: 'https://intranet.example', BASE_PATH: BASE })).toBe(
      'https://intranet.example/stitchboard',
    )
    expect(publicUrl({ PUBLIC_URL: 'https://intranet.example/stitchboard/', BASE_PATH: BASE })).toBe(
      'https://intranet.example/stitchboard',
    )
    expect(configError({ PUBLIC_URL: 'https://intranet.example/tools', BASE_PATH: BASE })).toBe(
      'PUBLIC_URL has the path /tools but BASE_PATH is /stitchboard: give the address without a path (BASE_PATH is added) or with /stitchboard (got "https://intranet.example/tools")',
    )
    expect(configError({ PUBLIC_URL: 'https://intranet.example/stitchboard' })).toContain(
      'PUBLIC_URL has the path /stitchboard but BASE_PATH is not set',
    )
    expect(configError({ PUBLIC_URL: 'https://me:pw@intranet.example' })).not.toContain('pw')
  })
})

describe('the server under BASE_PATH=/stitchboard, with the prefix or with it stripped by the proxy', () => {
  const app = appUnder({ BASE_PATH: BASE })

  test.each([BASE, ''])(
    'prefix %j: the page, an asset, the API, /healthz and /app-config.json',
    async (prefix) => {
      for (const path of ['/', '/machines', '/machines/AS-1042', '/kiosk']) {
        const page = await app.request(`${prefix}${path}`)
        expect(page.status, path).toBe(200)
        expect(await page.text(), path).toContain('id="root"')
      }
      const asset = await app.request(`${prefix}/assets/index-abc123.js`)
      expect(asset.status).toBe(200)
      expect(asset.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
      const machines = await app.request(`${prefix}/api/machines`)
      expect(machines.status).toBe(200)
      expect(((await machines.json()) as { data: unknown[] }).data.length).toBeGreaterThan(40)
      const designs = await app.request(`${prefix}/api/designs?page=1&limit=10`)
      expect(designs.status).toBe(200)
      expect(await (await app.request(`${prefix}/healthz`)).json()).toMatchObject({ status: 'ok' })
      expect(await (await app.request(`${prefix}/app-config.json`)).json()).toMatchObject({ demo: true })
      const lookup = await app.request(`${prefix}/api/job`, {
        method: 'POST',
        headers: { Origin: 'http://localhost', 'Content-Type': 'application/json' },
        body: JSON.stringify({ RequestType: 'GetThreadConeManufacturer' }),
      })
      expect(lookup.status).toBe(200)
    },
  )

  test('the base path with nothing after it is the home page', async () => {
    expect(await (await app.request(BASE)).text()).toContain('id="root"')
  })

  test('index.html names the base first in its head, and preloads the first data under it', async () => {
    for (const prefix of [BASE, '']) {
      const html = await (await app.request(`${prefix}/machines`)).text()
      expect(html).toMatch(/^<!doctype html><html lang="en"><head>\s*<base href="\/stitchboard\/"><meta/)
      expect(
        [...html.matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]+)">/g)].map((m) => m[1]),
      ).toEqual([
        '/stitchboard/app-config.json',
        '/stitchboard/api/machines',
        '/stitchboard/api/history/now',
        '/stitchboard/api/designs?page=1&amp;limit=1000',
      ])
    }
    // the wall is dark on its first paint under the base path too
    expect(await (await app.request(`${BASE}/kiosk`)).text()).toContain('<html class="dark" lang="en">')
  })

  test('the Content-Security-Policy lets the page have its base (this origin only), still no inline script', async () => {
    const csp = (await app.request(`${BASE}/machines`)).headers.get('Content-Security-Policy')!
    expect(csp).toContain("base-uri 'self'")
    expect(csp).toContain("script-src 'self'")
  })

  test('outside the base path, what is not a stripped request is what the root answers to it: no API, no file', async () => {
    // an address without an extension is the page, whose router says "Page not found", as at the root
    for (const path of ['/stitchboardx/api/machines', '/other/api/machines']) {
      const response = await app.request(path)
      expect(response.headers.get('Content-Type'), path).toContain('text/html')
    }
    expect((await app.request('/other/assets/index-abc123.js')).status).toBe(404)
    expect((await app.request('/stitchboardx/assets/index-abc123.js')).status).toBe(404)
    expect((await app.request(`${BASE}/api/no-such-endpoint`)).status).toBe(404)
    expect((await app.request(`${BASE}/assets/missing-123.js`)).status).toBe(404)
  })

  test('at the root nothing is answered under a base path', async () => {
    const root = appUnder({})
    expect((await root.request('/stitchboard/api/machines')).headers.get('Content-Type')).toContain(
      'text/html',
    )
    expect((await root.request('/stitchboard/assets/index-abc123.js')).status).toBe(404)
    expect((await root.request('/api/machines')).status).toBe(200)
    expect(await (await root.request('/machines')).text()).toContain('<base href="/">')
  })
})

describe('DASHBOARD_TOKEN sessions under BASE_PATH', () => {
  const app = appUnder({ BASE_PATH: BASE, DASHBOARD_TOKEN: TOKEN })

  test.each([BASE, ''])(
    'prefix %j: the token link leads back under the base path, the cookie’s Path is the base path',
    async (prefix) => {
      const login = await app.request(`${prefix}/kiosk?pages=status&token=${TOKEN}`)
      expect(login.status).toBe(303)
      expect(login.headers.get('Location')).toBe('/stitchboard/kiosk?pages=status')
      const cookie = login.headers.get('Set-Cookie')!
      expect(cookie).toMatch(/; Path=\/stitchboard(;|$)/)
      const session = cookie.split(';')[0]!
      expect((await app.request(`${prefix}/api/machines`, { headers: { Cookie: session } })).status).toBe(200)
      expect((await app.request(`${prefix}/api/machines`)).status).toBe(401)
    },
  )

  test('a token link cannot lead to another site', async () => {
    const login = await app.request(`${BASE}//evil.example/x?token=${TOKEN}`)
    expect(login.headers.get('Location')).toBe('/stitchboard/evil.example/x')
  })
})

describe('links in alert messages carry PUBLIC_URL and the base path', () => {
  const { publicUrl } = loadConfig({ PUBLIC_URL: 'https://intranet.example', BASE_PATH: BASE })
  const alert: AlertView = {
    id: 4,
    key: 'AS 1042|state',
    rule: 'state',
    machineId: 'AS 1042',
    machineName: 'North 01',
    cause: 'Thread break',
    detail: 'North 01: thread break since',
    what: null,
    since: FIXED_NOW,
    raisedAt: FIXED_NOW,
    level: 0,
    acknowledgedAt: null,
    acknowledgedBy: null,
    okSince: null,
    clearedAt: null,
  }
  const options = {
    timeZone: 'Europe/Berlin',
    levelName: null,
    channelName: 'Floor',
    now: FIXED_NOW,
    words: speaking('en'),
  }
  const link = 'https://intranet.example/stitchboard/machines/AS%201042'

  test('an alert and its all clear link to the machine’s page, a test to the alerts’ page', () => {
    expect(messageOf('alert', alert, { ...options, dashboardUrl: publicUrl }).link).toBe(link)
    expect(
      messageOf('all-clear', { ...alert, clearedAt: FIXED_NOW }, { ...options, dashboardUrl: publicUrl })
        .link,
    ).toBe(link)
    expect(messageOf('test', null, { ...options, dashboardUrl: publicUrl }).link).toBe(
      'https://intranet.example/stitchboard/alerts',
    )
    // without PUBLIC_URL the server does not know the address people reach: no link
    expect(messageOf('alert', alert, options).link).toBeNull()
  })

  test('every channel carries the link', async () => {
    const message = messageOf('alert', alert, { ...options, dashboardUrl: publicUrl })
    expect(webhookBody(message).url).toBe(link)
    expect(JSON.stringify(slackBody(message))).toContain(`<${link}|Open in stitchboard>`)
    expect(teamsBody(message).attachments[0]!.content).toMatchObject({
      actions: [{ type: 'Action.OpenUrl', url: link }],
    })
    const mails: string[] = []
    const channel: Channel = {
      id: 'm',
      name: 'Mail',
      kind: 'email',
      url: null,
      to: ['floor@factory.example'],
      language: null,
    }
    await deliver(channel, message, {
      postJson: () => Promise.resolve({ ok: true, detail: '' }),
      mail: (_to, _subject, text) => {
        mails.push(text)
        return Promise.resolve({ ok: true, detail: '' })
      },
    })
    expect(mails[0]).toContain(`\n${link}\n`)
    // and none without one
    expect(JSON.stringify(teamsBody(messageOf('alert', alert, options)))).not.toContain('actions')
  })
})
