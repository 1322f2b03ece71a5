import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { describe, expect, test } from 'vitest'
import { createApp } from './app'
import { loadConfig } from './config'
import { loadStaticFiles } from './node-server'
import { pageTheme, type StaticFile } from './static-files'
import { upstreamsFor } from './upstreams'

/** The built SPA: hashed assets cached for good, index.html never, compressed when the browser can. */
const text = (s: string) => new TextEncoder().encode(s)
const file = (body: string, contentType: string): StaticFile => ({
  body: text(body),
  gzip: new Uint8Array(gzipSync(text(body))),
  brotli: text('brotli-bytes'),
  contentType,
})
const config = loadConfig({})
const app = createApp({
  config,
  upstreams: upstreamsFor(config, () => Promise.reject(new Error('unused'))),
  version: 'test',
  staticFiles: new Map([
    ['/index.html', file('<!doctype html><div id="root"></div>', 'text/html; charset=utf-8')],
    ['/assets/index-abc123.js', file('console.log(1)', 'text/javascript; charset=utf-8')],
    ['/favicon.svg', file('<svg/>', 'image/svg+xml')],
  ]),
})

describe('static files', () => {
  test('hashed assets are cached immutably for a year', async () => {
    const response = await app.request('/assets/index-abc123.js')
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    expect(response.headers.get('Content-Type')).toContain('text/javascript')
  })

  test.each(['/', '/machines/AS-1042', '/kiosk'])(
    'client route %s gets index.html, never cached',
    async (path) => {
      const response = await app.request(path)
      expect(response.status).toBe(200)
      expect(response.headers.get('Cache-Control')).toBe('no-cache')
      expect(await response.text()).toContain('id="root"')
    },
  )

  test.each([
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
    ['', null],
  ])('Accept-Encoding "%s" → Content-Encoding %s', async (accept, encoding) => {
    const response = await app.request('/assets/index-abc123.js', { headers: { 'Accept-Encoding': accept } })
    expect(response.headers.get('Content-Encoding')).toBe(encoding)
    expect(response.headers.get('Vary')).toBe('Accept-Encoding')
  })

  test('a missing file with an extension is a 404, not the SPA', async () => {
    const response = await app.request('/assets/missing-123.js')
    expect(response.status).toBe(404)
  })

  test('non-favicon files are not immutable', async () => {
    expect((await app.request('/favicon.svg')).headers.get('Cache-Control')).toBe('no-cache')
  })
})

test('the built files are read with compressed forms, without dot-folders such as Vite’s manifest', async () => {
  const { mkdtempSync, mkdirSync, writeFileSync } = await import('node:fs')
  const { tmpdir } = await import('node:os')
  const { loadStaticFiles } = await import('./node-server')
  const dir = mkdtempSync(`${tmpdir()}/dist-`)
  mkdirSync(`${dir}/assets`)
  mkdirSync(`${dir}/.vite`)
  writeFileSync(`${dir}/index.html`, '<!doctype html>'.repeat(100))
  writeFileSync(`${dir}/assets/app-1a2b.js`, 'x')
  writeFileSync(`${dir}/.vite/manifest.json`, '{}')
  const files = loadStaticFiles(dir)
  // the files, and the page in each theme for the board and for the other pages (keys no request path
  // can name)
  expect([...files.keys()].sort()).toEqual([
    '/assets/app-1a2b.js',
    '/index.html',
    '/index.html?theme=dark&page=board',
    '/index.html?theme=dark&page=other',
    '/index.html?theme=light&page=board',
    '/index.html?theme=light&page=other',
    '/index.html?theme=system&page=board',
    '/index.html?theme=system&page=other',
  ])
  expect(files.get('/index.html')!.brotli).toBeDefined()
  expect(files.get('/assets/app-1a2b.js')!.gzip).toBeUndefined()
})

test('a start keeps the compressed forms in the build’s .compressed folder; the next start reads them', async () => {
  const { readdirSync, readFileSync } = await import('node:fs')
  const { brotliDecompressSync, gunzipSync } = await import('node:zlib')
  const { COMPRESSED_DIR, compressedForms } = await import('./node-server')
  const dir = mkdtempSync(`${tmpdir()}/dist-`)
  const app = 'const board = "tiles";'.repeat(200)
  writeFileSync(`${dir}/index.html`, '<!doctype html><title>stitchboard</title>'.repeat(40))
  writeFileSync(`${dir}/app.js`, app)
  const first = loadStaticFiles(dir).get('/app.js')!
  expect(new TextDecoder().decode(brotliDecompressSync(first.brotli!))).toBe(app)
  expect(new TextDecoder().decode(gunzipSync(first.gzip!))).toBe(app)
  // a gzip and a brotli form of each file and of each themed page, named by what they were made from
  const kept = readdirSync(`${dir}/${COMPRESSED_DIR}`)
  expect(kept.every((name) => /^[0-9a-f]{64}\.(gz|br)$/.test(name))).toBe(true)
  expect(kept.length).toBeGreaterThanOrEqual(4)
  // the next start reads the kept forms (a kept form planted under the file's name is what it serves) ...
  const planted = kept.find((name) => readFileSync(`${dir}/${COMPRESSED_DIR}/${name}`).equals(first.brotli!))!
  writeFileSync(`${dir}/${COMPRESSED_DIR}/${planted}`, 'kept')
  expect(new TextDecoder().decode(loadStaticFiles(dir).get('/app.js')!.brotli)).toBe('kept')
  // ... and a file changed by a new build gets forms of its own
  writeFileSync(`${dir}/app.js`, `${app}// new`)
  const changed = loadStaticFiles(dir).get('/app.js')!
  expect(new TextDecoder().decode(brotliDecompressSync(changed.brotli!))).toBe(`${app}// new`)
  // a folder that cannot be made (here a file stands in its way, as a read-only install would): the forms
  // are made, only not kept
  const blocked = mkdtempSync(`${tmpdir()}/dist-`)
  writeFileSync(`${blocked}/${COMPRESSED_DIR}`, '')
  const made = compressedForms(new TextEncoder().encode(app), `${blocked}/${COMPRESSED_DIR}`)
  expect(new TextDecoder().decode(gunzipSync(made.gzip))).toBe(app)
  expect(readdirSync(blocked)).toEqual([COMPRESSED_DIR])
})

/** The server app serving a built SPA whose index.html is `html`, read as the server reads dist. */
function appServing(html: string) {
  const dist = mkdtempSync(join(tmpdir(), 'stitchboard-dist-'))
  writeFileSync(join(dist, 'index.html'), html)
  return createApp({
    config,
    upstreams: upstreamsFor(config, () => Promise.reject(new Error('unused'))),
    version: 'test',
    staticFiles: loadStaticFiles(dist),
  })
}

describe('the first paint in the user’s theme, without an inline script', () => {
  const themed = appServing('<!doctype html><html lang="en"><body><div id="root"></div></body></html>')
  const htmlTag = async (path: string, headers: Record<string, string> = {}) => {
    const response = await themed.request(path, { headers })
    expect(response.headers.get('Vary')).toBe('Accept-Encoding, Cookie')
    return /<html[^>]*>/.exec(await response.text())?.[0]
  }

  test('the user’s choice (a cookie the app sets) decides; ?theme= before it', async () => {
    expect(await htmlTag('/machines', { Cookie: 'a=1; stitchboard-theme=light' })).toBe(
      '<html class="light" lang="en">',
    )
    expect(await htmlTag('/machines', { Cookie: 'stitchboard-theme=dark' })).toBe(
      '<html class="dark" lang="en">',
    )
    expect(await htmlTag('/machines?theme=dark', { Cookie: 'stitchboard-theme=light' })).toBe(
      '<html class="dark" lang="en">',
    )
  })

  test('no choice: the wall dark, elsewhere the system’s (no class: the stylesheet follows the system)', async () => {
    expect(await htmlTag('/kiosk')).toBe('<html class="dark" lang="en">')
    expect(await htmlTag('/machines')).toBe('<html lang="en">')
    expect(await htmlTag('/', { Cookie: 'stitchboard-theme=<script>' })).toBe('<html lang="en">')
  })

  test('pageTheme reads only light or dark', () => {
    expect(pageTheme('/x', 'blue', 'stitchboard-theme=evil')).toBe('system')
    expect(pageTheme('/kiosk/', undefined, undefined)).toBe('dark')
  })
})

describe('index.html names the data a page reads first (preload as fetch)', () => {
  const hinted = appServing(
    '<!doctype html><html lang="en"><head><title>stitchboard</title></head><body><div id="root"></div></body></html>',
  )
  const preloads = async (path: string, headers: Record<string, string> = {}) => {
    const html = await (await hinted.request(path, { headers })).text()
    expect(html).toMatch(/<\/head>/)
    return [...html.matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]+)">/g)].map((m) => m[1])
  }
  const board = [
    '/app-config.json',
    '/api/machines',
    '/api/history/now',
    '/api/designs?page=1&amp;limit=1000',
  ]

  test('the board (the home page too): the configuration, the machines, their history and the design names', async () => {
    expect(await preloads('/machines')).toEqual(board)
    expect(await preloads('/')).toEqual(board)
    // in every theme
    expect(await preloads('/machines?theme=dark', { Cookie: 'stitchboard-theme=light' })).toEqual(board)
  })

  test('every other page, the wall too: the configuration only', async () => {
    for (const path of ['/shifts', '/machines/AS-1119', '/thread-cones', '/kiosk', '/nowhere'])
      expect(await preloads(path), path).toEqual(['/app-config.json'])
  })

  test('the links are in the head, and the theme is still chosen per request', async () => {
    const html = await (await hinted.request('/kiosk')).text()
    expect(html.indexOf('rel="preload"')).toBeLessThan(html.indexOf('</head>'))
    expect(html).toContain('<html class="dark" lang="en">')
  })
})

test('the page names the factory’s language (LANGUAGE) on its root element, and none when it is not set', async () => {
  const dist = mkdtempSync(join(tmpdir(), 'stitchboard-dist-'))
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html lang="en"><head></head><body></body></html>')
  const page = (files: Map<string, StaticFile>) =>
    new TextDecoder().decode(files.get('/index.html?theme=system&page=other')!.body)
  expect(page(loadStaticFiles(dist, '', 'de'))).toContain('<html data-factory-language="de" lang="en">')
  expect(page(loadStaticFiles(dist))).not.toContain('data-factory-language')
})
