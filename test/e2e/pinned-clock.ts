/** Preloaded into a server started by the end-to-end tests (`node --import`): the process's `Date` starts
 * at `TEST_CLOCK_AT_MS` (the tests' clock when the process was spawned) and runs on from there like a real
 * clock, so the demo factory lives at the tests' pinned instant whatever this process's own clock says
 * (also under faketime). Timers and `performance` are untouched. */
const at = Number(process.env.TEST_CLOCK_AT_MS)
if (!Number.isFinite(at)) throw new Error('TEST_CLOCK_AT_MS must be a Unix time in milliseconds')
// the first load fixes the offset; worker threads started later (the demo upstream's) inherit it
const offset = Number(process.env.TEST_CLOCK_OFFSET_MS ?? at - Date.now())
process.env.TEST_CLOCK_OFFSET_MS = String(offset)

const RealDate = Date
class ShiftedDate extends RealDate {
  constructor(...args: [] | ConstructorParameters<DateConstructor>) {
    if (args.length === 0) super(RealDate.now() + offset)
    else super(...(args as ConstructorParameters<DateConstructor>))
  }
  static override now() {
    return RealDate.now() + offset
  }
}
globalThis.Date = ShiftedDate as DateConstructor
