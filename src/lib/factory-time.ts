/** A half-open span of Unix seconds: [start, end). */
export type Span = readonly [start: number, end: number]

export interface LocalDate {
  year: number
  month: number // 1–12
  day: number
}

const dateFormats = new Map<string, Intl.DateTimeFormat>()

function dateFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dateFormats.get(timeZone)
  if (!format) {
    // en-CA formats as YYYY-MM-DD
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    dateFormats.set(timeZone, format)
  }
  return format
}

/** The calendar date (YYYY-MM-DD) in `timeZone` at Unix second `at`. */
export function localDateKey(at: number, timeZone: string): string {
  return dateFormat(timeZone).format(at * 1000)
}

export function localDate(at: number, timeZone: string): LocalDate {
  return parseDayKey(localDateKey(at, timeZone))
}

/** A calendar date from its key YYYY-MM-DD (checked by the caller), and back. */
export function parseDayKey(key: string): LocalDate {
  const [year, month, day] = key.split('-').map(Number)
  return { year: year!, month: month!, day: day! }
}
export const dayKeyOf = (d: LocalDate): string =>
  `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`

const offsetFormats = new Map<string, Intl.DateTimeFormat>()

/** How far `timeZone`'s clock is ahead of UTC at instant `ms`, in milliseconds. */
function utcOffset(ms: number, timeZone: string): number {
  let format = offsetFormats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
    offsetFormats.set(timeZone, format)
  }
  const at = Math.floor(ms / 1000) * 1000
  const part: Record<string, number> = {}
  for (const { type, value } of format.formatToParts(at)) part[type] = Number(value)
  return Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!) - at
}

const DAY_MS = 86_400_000

/** Instants already read, by zone, date and minutes: a zone's reading costs three or four `formatToParts`
 * (a server's first start spent 0.8 s of its CPU reading the same shift boundaries again and again). Bounded: emptied
 * when full. */
const instants = new Map<string, number>()
const MAX_INSTANTS = 4096

/** Unix seconds of the wall-clock time `minutes` after midnight of `date` in `timeZone` (as Temporal's
 * "compatible" reading): a time that does not exist (the hour skipped when clocks go forward) moves forward
 * with the clock; a time that happens twice (the hour repeated when clocks go back) is its first. */
export function zonedInstant(date: LocalDate, minutes: number, timeZone: string): number {
  const key = `${timeZone} ${date.year}-${date.month}-${date.day} ${minutes}`
  const known = instants.get(key)
  if (known !== undefined) return known
  const wall = Date.UTC(date.year, date.month - 1, date.day, 0, minutes)
  // a zone changes its offset at most once a day: the offsets a day either side are the candidates
  const before = utcOffset(wall - DAY_MS, timeZone)
  const after = utcOffset(wall + DAY_MS, timeZone)
  const readings = [wall - before, wall - after].filter((at) => utcOffset(at, timeZone) === wall - at)
  const instant = Math.floor((readings.length ? Math.min(...readings) : wall - before) / 1000)
  if (instants.size >= MAX_INSTANTS) instants.clear()
  instants.set(key, instant)
  return instant
}

export function addDays(date: LocalDate, days: number): LocalDate {
  const utc = new Date(Date.UTC(date.year, date.month - 1, date.day + days))
  return { year: utc.getUTCFullYear(), month: utc.getUTCMonth() + 1, day: utc.getUTCDate() }
}

/** Unix seconds at which the local day `date` starts in `timeZone`. */
export function startOfLocalDay(date: LocalDate, timeZone: string): number {
  return zonedInstant(date, 0, timeZone)
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone })
    return true
  } catch {
    return false
  }
}

const timeFormats = new Map<string, Intl.DateTimeFormat>()
let clockFormat: '24h' | '12h' = '24h'
let language: string | undefined

/** The language dates are written in (the screen's: src/components/i18n.tsx); the runtime's until set. */
export function setDateLanguage(next: string) {
  if (next === language) return
  language = next
  timeFormats.clear()
  dateFormats2.clear()
}

/** The language dates are written in, for other Intl date formats of the screen (undefined: the runtime's). */
export const dateLanguage = (): string | undefined => language

/** The factory's clock format (TIME_FORMAT): every time on every page follows it, whatever the
 * browser's language; 24 h until the configuration says otherwise. */
export function setClockFormat(format: '24h' | '12h') {
  if (format === clockFormat) return
  clockFormat = format
  timeFormats.clear()
}

/** A clock time in the factory's timezone and clock format ("14:35:02", or "02:35:02 PM" with 12h). */
export function formatFactoryTime(
  epochMs: number,
  timeZone: string,
  withSeconds = true,
  /** another language than the screen's (a channel's, on the server) */
  inLanguage = language,
): string {
  const key = `${inLanguage}|${timeZone}|${withSeconds}`
  let format = timeFormats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(inLanguage, {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: clockFormat === '24h' ? 'h23' : 'h12',
      ...(withSeconds ? { second: '2-digit' } : {}),
    })
    timeFormats.set(key, format)
  }
  return format.format(epochMs)
}

const dateFormats2 = new Map<string, Intl.DateTimeFormat>()

/** A calendar date in the factory's timezone, in the screen's language. */
export function formatFactoryDate(epochMs: number, timeZone: string): string {
  let format = dateFormats2.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat(language, { timeZone, year: 'numeric', month: 'short', day: 'numeric' })
    dateFormats2.set(timeZone, format)
  }
  return format.format(epochMs)
}

/** A range in words in the factory's timezone: "18 Nov 2026, 06:00 – 14:00" or across days. */
export function formatFactoryRange(fromS: number, tillS: number, timeZone: string): string {
  const fromDate = formatFactoryDate(fromS * 1000, timeZone)
  const tillDate = formatFactoryDate(tillS * 1000, timeZone)
  const from = `${fromDate}, ${formatFactoryTime(fromS * 1000, timeZone, false)}`
  const till = formatFactoryTime(tillS * 1000, timeZone, false)
  return `${from} – ${tillDate === fromDate ? till : `${tillDate}, ${till}`}`
}
