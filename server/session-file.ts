import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { SessionStore } from './proxy/access'

/** Token sessions in `DATA_DIR/sessions.json`, so a restart or an update does not log every kiosk out:
 * only digests of the session ids with their expiry, written atomically (owner-only), at most once a
 * second. A file that cannot be read starts empty with one warning; one that cannot be written warns once. */
export function sessionFile(dataDir: string): SessionStore & { flush(): void } {
  const path = join(dataDir, 'sessions.json')
  let pending: ReadonlyMap<string, number> | null = null
  let timer: ReturnType<typeof setTimeout> | undefined
  let warned = false
  const write = () => {
    timer = undefined
    if (!pending) return
    const body = JSON.stringify(Object.fromEntries(pending))
    pending = null
    try {
      mkdirSync(dataDir, { recursive: true })
      writeFileSync(`${path}.tmp`, body, { mode: 0o600 })
      chmodSync(`${path}.tmp`, 0o600)
      renameSync(`${path}.tmp`, path)
    } catch (error) {
      if (!warned) console.warn(`stitchboard: cannot keep sessions in ${path} (${(error as Error).message})`)
      warned = true
    }
  }
  return {
    load() {
      let text: string
      try {
        text = readFileSync(path, 'utf8')
      } catch {
        return [] // no sessions yet
      }
      try {
        const stored = JSON.parse(text) as Record<string, unknown>
        return Object.entries(stored).filter(
          (entry): entry is [string, number] =>
            /^[0-9a-f]{64}$/.test(entry[0]) && typeof entry[1] === 'number',
        )
      } catch {
        console.warn(`stitchboard: ${path} is not readable JSON; starting without sessions`)
        return []
      }
    },
    save(sessions) {
      pending = new Map(sessions)
      timer ??= setTimeout(write, 1000)
      timer.unref?.()
    },
    flush() {
      clearTimeout(timer)
      write()
    },
  }
}
