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

/** A CSV file read: its rows of cells, and the line of the file each row begins on (1 for the first). */
export interface CsvTable {
  rows: string[][]
  lines: number[]
  /** the separator found in the first line: a comma, a semicolon (spreadsheets in German or Spanish) or
   * a tab */
  separator: ',' | ';' | '\t'
}

/** Reads CSV text (RFC 4180 quoting; quoted cells may hold separators, quotes and line breaks) with the
 * separator its first line uses most. A byte-order mark is dropped; empty lines are left out. */
export function parseCsv(text: string): CsvTable {
  const body = text.replace(/^\uFEFF/, '')
  const firstLine = body.split(/\r?\n/, 1)[0] ?? ''
  const unquoted = firstLine.replace(/"[^"]*"/g, '')
  let separator: CsvTable['separator'] = ','
  let most = 0
  for (const s of [',', ';', '\t'] as const) {
    const n = unquoted.split(s).length - 1
    if (n > most) [separator, most] = [s, n]
  }
  const rows: string[][] = []
  const lines: number[] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  let line = 1
  let rowLine = 1
  const endRow = () => {
    row.push(cell)
    if (row.length > 1 || row[0]!.trim() !== '') {
      rows.push(row)
      lines.push(rowLine)
    }
    row = []
    cell = ''
  }
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"'
        i++
      } else if (ch === '"') quoted = false
      else {
        if (ch === '\n') line++
        cell += ch
      }
    } else if (ch === '"' && cell.trim() === '') {
      quoted = true
      cell = ''
    } else if (ch === separator) {
      row.push(cell)
      cell = ''
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && body[i + 1] === '\n') i++
      endRow()
      line++
      rowLine = line
    } else cell += ch
  }
  if (cell !== '' || row.length > 0) endRow()
  return { rows, lines, separator }
}
