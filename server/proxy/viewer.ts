/** Requests that stay open (the live stream): whether their viewer may still see, asked before each event,
 * so a revoked wall screen's or an ended session's stream ends within one poll. Set by the gate in front
 * of every request (server/people/view-gate.ts), read where a long answer is written. */
const checks = new WeakMap<Request, () => Promise<boolean>>()

export function watchViewer(request: Request, check: () => Promise<boolean>) {
  checks.set(request, check)
}

/** Whether the viewer of a long request may still see (true for a request the gate did not mark). */
export const viewerStillKnown = (request: Request): Promise<boolean> =>
  checks.get(request)?.() ?? Promise.resolve(true)
