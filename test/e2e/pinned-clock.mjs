// Preloaded into a server started by the end-to-end and history tests (`node --import`), in plain
// JavaScript so that it needs no TypeScript loader (the built server runs without one): the process's
// `Date` is the tests' clock, the platform's shifted by `TEST_CLOCK_OFFSET_MS` (or, without it, starting at
// `TEST_CLOCK_AT_MS` when this loads) and running on like a real clock, so the demo factory lives at the
// tests' pinned instant whatever this process's own clock says (also under faketime, which shifts the
// platform clock of the tests and their servers alike). Timers and `performance` are untouched.
const at = Number(process.env.TEST_CLOCK_AT_MS)
if (!Number.isFinite(at)) throw new Error('TEST_CLOCK_AT_MS must be a Unix time in milliseconds')
// worker threads started later (the demo upstream's) inherit the offset
const offset = Number(process.env.TEST_CLOCK_OFFSET_MS ?? at - Date.now())
process.env.TEST_CLOCK_OFFSET_MS = String(offset)

const RealDate = Date
class ShiftedDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(RealDate.now() + offset)
    else super(...args)
  }
  static now() {
    return RealDate.now() + offset
  }
}
globalThis.Date = ShiftedDate
