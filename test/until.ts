/**
 * The tests' one way to wait for something that happens on its own time (a poll, a process starting, a
 * lease changing hands): asks `probe` again and again until `ok` holds for its answer, and returns that
 * answer. It never sleeps a fixed time and never carries on silently: when the limit passes it fails
 * with what it waited for and the last answer (or error) it saw. The limit is a safety net for a test
 * that would otherwise hang, not a measurement: keep it generous.
 */
export async function until<T>(
  what: string,
  probe: () => T | Promise<T>,
  ok: (value: T) => boolean = Boolean,
  { seconds = 60, everyMs = 100 }: { seconds?: number; everyMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + seconds * 1000
  let last: string = 'no answer yet'
  for (;;) {
    try {
      const value = await probe()
      if (ok(value)) return value
      last = `last answer: ${describe(value)}`
    } catch (error) {
      last = `last error: ${error instanceof Error ? error.message : String(error)}`
    }
    if (Date.now() > deadline) throw new Error(`waited ${seconds} s for ${what}; ${last}`)
    await new Promise((resolve) => setTimeout(resolve, everyMs))
  }
}

function describe(value: unknown): string {
  try {
    const text = JSON.stringify(value)
    if (text === undefined) return String(value)
    return text.length > 500 ? `${text.slice(0, 500)}…` : text
  } catch {
    return String(value)
  }
}
