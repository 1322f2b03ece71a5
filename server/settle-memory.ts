import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

/** Quiet this long after the last large answer, and the garbage it left is collected. */
export const SETTLE_QUIET_MS = 10_000

/**
 * Large answers (a 31-day thread-break log of 200 machines is 28 MB) leave their buffers behind: the
 * JavaScript objects holding them are small and old, so V8 sees no reason for a full collection, and a
 * server that has gone quiet after a burst kept ~45 MB of dead buffers for minutes (bench:footprint).
 * `touched()` after each large answer; once nothing large has been answered for `quietMs`, one full
 * collection, so the memory goes back to what the server holds when idle. At most one per quiet spell:
 * a busy server is never collected by this, only one that has just become quiet.
 */
export function memorySettler({
  quietMs = SETTLE_QUIET_MS,
  collect = fullCollection(),
}: {
  quietMs?: number
  collect?: () => void
} = {}) {
  let timer: ReturnType<typeof setTimeout> | undefined
  return {
    touched() {
      clearTimeout(timer)
      timer = setTimeout(collect, quietMs)
      timer.unref()
    },
  }
}

/** V8's full collection, which Node gives only behind --expose-gc: the flag set at run time opens it to
 * a new context (what Jest's leak detection does). */
function fullCollection(): () => void {
  setFlagsFromString('--expose-gc')
  return runInNewContext('gc') as () => void
}
