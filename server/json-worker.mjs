// Checks that upstream answers are JSON on a thread of its own (server/json-check.ts): parsing a large
// report takes long enough to hold up every other request if done on the server's event loop. This is
// a validator over the bytes (RFC 8259), not JSON.parse: it builds no values, so a 60 MB answer costs no
// memory here. The body comes in by transfer and goes back the same way.
import { parentPort } from 'node:worker_threads'
import { jsonKind } from './json-validate.mjs'

parentPort.on('message', ({ id, body }) => {
  let kind
  try {
    kind = jsonKind(body)
  } catch {
    kind = 'invalid'
  }
  parentPort.postMessage({ id, kind, body }, [body.buffer])
})
