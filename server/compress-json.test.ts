import { gunzipSync } from 'node:zlib'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { testApp } from '../test/server-app'
import { acceptsGzip, COMPRESS_MIN_BYTES, compressJson } from './compress-json'

const gz = { 'Accept-Encoding': 'gzip, deflate, br' }

describe('JSON answers go gzipped to clients that take gzip', () => {
  it('gzips a large answer of the demo factory, and it unpacks to the same JSON', async () => {
    const { app } = testApp()
    const plain = await app.request('/api/machines')
    const plainText = await plain.text()
    expect(plainText.length).toBeGreaterThan(COMPRESS_MIN_BYTES)
    expect(plain.headers.get('Content-Encoding')).toBeNull()
    expect(plain.headers.get('Vary')).toMatch(/Accept-Encoding/)

    const zipped = await app.request('/api/machines', { headers: gz })
    expect(zipped.status).toBe(200)
    expect(zipped.headers.get('Content-Encoding')).toBe('gzip')
    expect(zipped.headers.get('Vary')).toMatch(/Accept-Encoding/)
    expect(zipped.headers.get('Content-Type')).toMatch(/^application\/json/)
    // the security headers and the cache rule survive
    expect(zipped.headers.get('X-Content-Type-Options')).toBe('nosniff')
    const bytes = new Uint8Array(await zipped.arrayBuffer())
    expect(Number(zipped.headers.get('Content-Length'))).toBe(bytes.byteLength)
    expect(bytes.byteLength).toBeLessThan(plainText.length / 3)
    expect(JSON.parse(gunzipSync(bytes).toString('utf8'))).toEqual(JSON.parse(plainText))
  })

  it('keeps errors gzipped with their status', async () => {
    const app = new Hono()
    app.use('*', compressJson())
    app.get('/e', (c) => c.json({ error: 'x'.repeat(2000) }, 502))
    const res = await app.request('/e', { headers: gz })
    expect(res.status).toBe(502)
    expect(res.headers.get('Content-Encoding')).toBe('gzip')
    expect(JSON.parse(gunzipSync(new Uint8Array(await res.arrayBuffer())).toString()).error).toHaveLength(
      2000,
    )
  })

  it('leaves small answers, streams, encoded and no-transform answers as they are', async () => {
    const app = new Hono()
    app.use('*', compressJson())
    app.get('/small', (c) => c.json({ ok: true }))
    app.get('/stream', (c) =>
      c.body('data: '.concat('x'.repeat(4000), '\n\n'), 200, { 'Content-Type': 'text/event-stream' }),
    )
    app.get('/encoded', (c) =>
      c.body(new Uint8Array(4000), 200, { 'Content-Type': 'application/json', 'Content-Encoding': 'br' }),
    )
    app.get('/no-transform', (c) => {
      c.header('Cache-Control', 'no-store, no-transform')
      return c.json({ text: 'y'.repeat(4000) })
    })
    for (const path of ['/small', '/stream', '/encoded', '/no-transform']) {
      const res = await app.request(path, { headers: gz })
      expect(res.headers.get('Content-Encoding'), path).not.toBe('gzip')
    }
    expect(await (await app.request('/small', { headers: gz })).json()).toEqual({ ok: true })
    expect(await (await app.request('/stream', { headers: gz })).text()).toContain('x'.repeat(4000))
  })

  it('reads Accept-Encoding as HTTP says: q=0 refuses, * accepts', () => {
    expect(acceptsGzip(undefined)).toBe(false)
    expect(acceptsGzip('')).toBe(false)
    expect(acceptsGzip('identity')).toBe(false)
    expect(acceptsGzip('br, gzip')).toBe(true)
    expect(acceptsGzip('GZIP;q=0.5')).toBe(true)
    expect(acceptsGzip('gzip;q=0')).toBe(false)
    expect(acceptsGzip('gzip;q=0, *')).toBe(false)
    expect(acceptsGzip('*')).toBe(true)
    expect(acceptsGzip('*;q=0')).toBe(false)
    expect(acceptsGzip('x-gzip')).toBe(true)
  })
})
