import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'

/** Servers the proxy bench compares against, in a process of their own.
 * `upstream DIR`: answers recorded bodies by path, counts calls at /__calls, waits /__delay ms.
 * `bare DIR`: a bare node:http server sending the same bytes from memory (the limit for Node). */
const [role, dir] = process.argv.slice(2)
const port = process.env.PORT
const recorded = JSON.parse(readFileSync(`${dir}/bodies.json`, 'utf8')) as {
  bodies: Record<string, string>
  /** the headers stitchboard sends with a cache hit, so the bare server sends the same bytes */
  headers: Record<string, string>
}
const bodies = new Map(Object.entries(recorded.bodies).map(([p, b]) => [p, Buffer.from(b)]))
let calls = 0
let delay = 0
const server = createServer((req, res) => {
  const url = req.url ?? '/'
  if (url === '/__calls' || url === '/healthz') return res.end(JSON.stringify({ calls }))
  if (url.startsWith('/__delay=')) {
    delay = Number(url.slice('/__delay='.length))
    return res.end('{}')
  }
  const path = role === 'bare' ? url : `/api${url}`
  const body = bodies.get(path)
  const send = () => {
    const headers = role === 'bare' ? recorded.headers : { 'Content-Type': 'application/json; charset=utf-8' }
    res.writeHead(body ? 200 : 404, { ...headers, 'Content-Length': body ? body.byteLength : 24 })
    res.end(body ?? '{"error":"not recorded"}')
  }
  if (role === 'upstream') {
    calls++
    if (delay) return void setTimeout(send, delay)
  }
  send()
})
// longer than any client's idle time, so a reused connection is never closed under a request
server.keepAliveTimeout = 65_000
server.listen(Number(port), '127.0.0.1')
