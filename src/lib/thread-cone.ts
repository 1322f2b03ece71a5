import type { Translator } from './i18n/translator'
/** Pure helpers of the thread-cone look-up (reference 2.5, 4.8, 7). */

/** One colour of a thread-cone series, as stitchboard uses it (the vendor's shape is read in src/api). */
export interface ConeColor {
  /** its place in the series, as stored (a number, or a string in some series) */
  index: number | string
  /** the colour number exactly as stored: never trimmed or padded */
  number: string
  r: number
  g: number
  b: number
  /** the stored name; null when the series has none for it, '' when stored empty */
  name: string | null
  /** the scan code as stored (up to 12 digits), null when there is none */
  scanCode: number | string | null
}

/** A series' list: its thread weight as stored (a number or a string) and its colours. */
export interface ConeSeries {
  weight: number | string
  colors: ConeColor[]
}

export const hexOf = (color: Pick<ConeColor, 'r' | 'g' | 'b'>) =>
  `#${[color.r, color.g, color.b].map((v) => v.toString(16).padStart(2, '0')).join('')}`.toUpperCase()

/** The ScanCode exactly as stored: 12-digit integers are exact in a double and printed without
 * exponent or separators (reference 8: up to 12 digits); a string stays as it is. */
export function scanCodeText(scanCode: ConeColor['scanCode'] | undefined): string | null {
  if (scanCode === null || scanCode === undefined || scanCode === '') return null
  if (typeof scanCode === 'string') return scanCode
  return BigInt(scanCode).toString()
}

/** "no name" when the name is missing or empty (reference 2.5: often so). */
export const colorNameText = (color: Pick<ConeColor, 'name'>) => (color.name?.trim() ? color.name : null)

/** What is odd about a typed colour number, in the terms of reference 4.8 rule 3: the service compares
 * case-insensitively and trims or pads nothing. */
export function typingHints(typed: string): { spaces: boolean; leadingZeros: boolean } {
  return { spaces: typed !== typed.trim(), leadingZeros: /^\s*0\d/.test(typed) }
}

const normal = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/^0+(?=.)/, '')

/** Colour numbers of the series that the typed text may have meant: equal once spaces and leading
 * zeros are set aside (case never matters to the service). Exact matches come first. */
export function closeMatches(typed: string, colors: readonly ConeColor[]): ConeColor[] {
  const wanted = normal(typed)
  if (!wanted) return []
  return colors.filter((c) => normal(c.number) === wanted && c.number.toLowerCase() !== typed.toLowerCase())
}

/** Colours whose number or name contains the search text (case-insensitive). */
export function searchColors(colors: readonly ConeColor[], text: string): ConeColor[] {
  const wanted = text.trim().toLowerCase()
  if (!wanted) return [...colors]
  return colors.filter(
    (c) => c.number.toLowerCase().includes(wanted) || (c.name ?? '').toLowerCase().includes(wanted),
  )
}

/** ΔE00 in words (CIEDE2000; the usual reading of the scale in textile and print matching). */
export function deltaEInWords(deltaE: number, t: Translator['t']): string {
  if (deltaE <= 1) return t('threadCones.deltaE.none')
  if (deltaE <= 2) return t('threadCones.deltaE.close')
  if (deltaE <= 3.5) return t('threadCones.deltaE.noticeable')
  if (deltaE <= 5) return t('threadCones.deltaE.clear')
  return t('threadCones.deltaE.different')
}

/** The kinds of failure of reference 7, from the service's own message or our server's words. */
export type LookupFailure =
  | { kind: 'series-not-found'; series: string; message: string }
  | { kind: 'cone-not-found'; series: string; number: string; message: string }
  | { kind: 'unreadable'; detail: string; message: string }
  | { kind: 'licence'; message: string }
  | { kind: 'other'; message: string }

export function classifyFailure(message: string): LookupFailure {
  let match = /^Thread cone series not found: ?(.*)$/s.exec(message)
  if (match) return { kind: 'series-not-found', series: match[1] ?? '', message }
  match = /^Thread cone not found: (.*) \/ (.*)$/s.exec(message)
  if (match) return { kind: 'cone-not-found', series: match[1] ?? '', number: match[2] ?? '', message }
  match = /^GetThreadCone\w*: ?(.*)$/s.exec(message)
  if (match) return { kind: 'unreadable', detail: match[1] ?? '', message }
  if (/licen[cs]e token/i.test(message)) return { kind: 'licence', message }
  return { kind: 'other', message }
}
