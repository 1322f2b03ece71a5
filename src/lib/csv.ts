/** CSV for spreadsheet apps: RFC 4180 quoting, CRLF line ends, a UTF-8 byte-order mark so accents and
 * "×" survive, and cells that a spreadsheet would run as a formula made inert. */

/** A cell starting with one of these is a formula to Excel, LibreOffice and Google Sheets (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/

export type CsvValue = string | number | boolean | null | undefined

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return ''
  let text = String(value)
  // numbers are data, even negative ones; only text that looks like a formula is neutralised
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text
}

export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly CsvValue[]>): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`
}
