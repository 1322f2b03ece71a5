import { UpstreamError } from './upstream'

/** At most `max` upstream calls at once, `maxQueued` more waiting in order; beyond that a 503 at once,
 * so no burst of requests can pile up work (or memory) without bound. */
export class Limiter {
  private active = 0
  private readonly queue: Array<() => void> = []

  constructor(
    readonly max: number,
    readonly maxQueued: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active < this.max) this.active++
    else {
      if (this.queue.length >= this.maxQueued) {
        throw new UpstreamError(
          503,
          `stitchboard is already waiting for ${this.max} answers of the upstream with ${this.maxQueued} more queued; try again in a moment`,
        )
      }
      // the slot is handed over by the call that finishes
      await new Promise<void>((resolve) => this.queue.push(resolve))
    }
    try {
      return await task()
    } finally {
      const next = this.queue.shift()
      if (next) next()
      else this.active--
    }
  }

  get waiting() {
    return this.queue.length
  }
}
