/** Preloaded into a server started by the end-to-end tests (`node --import`): the process's `Date` reads
 * the real clock moved by `TEST_CLOCK_OFFSET_MS`, so the demo factory lives at the tests' pinned instant
 * and runs on from there like a real clock. Timers and `performance` are untouched. */
const offset = Number(process.env.TEST_CLOCK_OFFSET_MS)
if (!Number.isFinite(offset)) throw new Error('TEST_CLOCK_OFFSET_MS must be a number of milliseconds')

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
