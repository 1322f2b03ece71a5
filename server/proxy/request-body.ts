/** A request body read as it streams, never more than `maxBytes` held: a declared or streamed size over
 * the limit stops the reading at once (chunked bodies included). */
export type BodyRead = { ok: true; text: string } | { ok: false; reason: 'too-large' | 'aborted' }

export async function readBodyLimited(request: Request, maxBytes: number): Promise<BodyRead> {
  const declared = request.headers.get('Content-Length')
  if (declared !== null && !(Number(declared) <= maxBytes)) return { ok: false, reason: 'too-large' }
  if (!request.body) return { ok: true, text: '' }
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      if (size > maxBytes) {
        reader.cancel().catch(() => {})
        return { ok: false, reason: 'too-large' }
      }
      chunks.push(value)
    }
  } catch {
    return { ok: false, reason: 'aborted' }
  }
  const all = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    all.set(chunk, offset)
    offset += chunk.byteLength
  }
  return { ok: true, text: new TextDecoder().decode(all) }
}
