import type { CsvTable } from './csv'
import { zonedInstant } from './factory-time'
import { MAX_ORDER_LINES, MAX_ORDER_QUANTITY, type OrderPriority } from './orders'

/**
 * Orders from an ERP's CSV export (issue 52): each row is an order line; rows with the same reference are
 * one order. Which column holds what is the mapping (kept by the server for the next import). Every bad
 * row is reported by its line in the file, and nothing is imported while one is bad. Pure: the server
 * checks with it, and the page shows what it would say.
 */

export const IMPORT_FIELDS = [
  'reference',
  'customer',
  'dueAt',
  'designId',
  'quantity',
  'priority',
  'machineIds',
  'note',
] as const
export type ImportField = (typeof IMPORT_FIELDS)[number]
/** The fields a mapping must give a column; the others may be left out. */
export const REQUIRED_FIELDS: readonly ImportField[] = [
  'reference',
  'customer',
  'dueAt',
  'designId',
  'quantity',
]

/** Which column (by its header) holds each field. */
export type ImportMapping = Partial<Record<ImportField, string>>

/** Rows a file may have at most. */
export const MAX_IMPORT_ROWS = 2000

export interface ImportedOrder {
  reference: string
  customer: string
  dueAt: number
  priority: OrderPriority
  machineIds: string[]
  note: string
  lines: Array<{ designId: string; quantity: number }>
}

/** What can be wrong with a file or a row, and its words in English (the pages say them in their
 * language from the message catalogue, `orders.import.problem.<code>`, with the same values). */
export const PROBLEM_WORDS = {
  noColumn: 'there is no column "{column}" for {field}',
  unmapped: 'no column is chosen for {field}',
  noRows: 'the file has no rows under its header',
  tooManyRows: 'the file has {rows} rows: at most {max} at once',
  referenceEmpty: 'the reference is empty',
  referenceLong: 'the reference is longer than 60 characters',
  customerEmpty: 'the customer is empty',
  customerLong: 'the customer is longer than 120 characters',
  due: 'the due time "{value}" is not a date (2026-12-11 16:00 or 11.12.2026)',
  designEmpty: 'the design is empty',
  designUnknown: 'the production API knows no design "{value}"',
  quantity: 'the quantity "{value}" is not a whole number from 1 to 10,000,000',
  priority: 'the priority "{value}" is not low, normal or high',
  taken: 'order {reference} is in the order book already',
  conflict: 'order {reference} has another customer, due time or priority on line {line}',
  tooManyLines: 'order {reference} has more than 50 lines',
} as const
export type ProblemCode = keyof typeof PROBLEM_WORDS
export interface Problem {
  code: ProblemCode
  values: Record<string, string | number>
}

export interface RowProblem {
  /** the line of the file the row begins on */
  line: number
  /** what is wrong with it, in English */
  message: string
  /** the same, to be said in a page's language */
  problems: Problem[]
}

const english = ({ code, values }: Problem) =>
  PROBLEM_WORDS[code].replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''))
const rowProblem = (line: number, problems: Problem[]): RowProblem => ({
  line,
  message: problems.map(english).join('; '),
  problems,
})

/** The column headers' usual names, to propose a mapping for a file never imported. */
const USUAL: Record<ImportField, RegExp> = {
  reference: /^(order|reference|ref|po|auftrag|auftragsnr|pedido|referencia)\b/i,
  customer: /^(customer|client|kunde|cliente)/i,
  dueAt: /^(due|delivery|termin|liefer|entrega|fecha)/i,
  designId: /^(design|stickmuster|muster|diseño|diseno)/i,
  quantity: /^(quantity|qty|pieces|menge|stück|stuck|anzahl|cantidad|piezas)/i,
  priority: /^(priority|priorität|prioritat|prioridad)/i,
  machineIds: /^(machine|maschine|máquina|maquina)/i,
  note: /^(note|notiz|bemerkung|nota|comment)/i,
}

/** A mapping for `header`: the remembered one where its columns are all there, else by the usual names. */
export function proposeMapping(header: readonly string[], remembered: ImportMapping | null): ImportMapping {
  const names = new Set(header)
  if (remembered && REQUIRED_FIELDS.every((f) => remembered[f] && names.has(remembered[f]!)))
    return Object.fromEntries(Object.entries(remembered).filter(([, column]) => column && names.has(column)))
  const mapping: ImportMapping = {}
  for (const field of IMPORT_FIELDS) {
    const column = header.find((h) => USUAL[field].test(h.trim()) && !Object.values(mapping).includes(h))
    if (column !== undefined) mapping[field] = column
  }
  return mapping
}

const PRIORITY_WORDS: Record<string, OrderPriority> = {
  low: 'low',
  normal: 'normal',
  high: 'high',
  niedrig: 'low',
  hoch: 'high',
  baja: 'low',
  alta: 'high',
  '': 'normal',
}

/**
 * The due time of a cell: ISO 8601 with or without its offset (without: the factory's time), a day alone
 * (the end of that day in the factory), or the day first with dots or slashes (24.12.2026 16:00).
 */
export function dueOf(cell: string, timeZone: string): number | null {
  const text = cell.trim()
  if (/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d{1,3})?)?(Z|[+-]\d\d:\d\d)$/.test(text)) {
    const at = Date.parse(text)
    return Number.isNaN(at) ? null : at
  }
  const iso = /^(\d{4})-(\d\d)-(\d\d)(?:[T ](\d\d):(\d\d))?$/.exec(text)
  const dotted = /^(\d{1,2})[./](\d{1,2})[./](\d{4})(?: (\d{1,2}):(\d\d))?$/.exec(text)
  const [year, month, day, hours, minutes] = iso
    ? [iso[1], iso[2], iso[3], iso[4], iso[5]]
    : dotted
      ? [dotted[3], dotted[2], dotted[1], dotted[4], dotted[5]]
      : []
  if (year === undefined) return null
  const date = { year: Number(year), month: Number(month), day: Number(day) }
  const check = new Date(Date.UTC(date.year, date.month - 1, date.day))
  if (check.getUTCMonth() !== date.month - 1 || check.getUTCDate() !== date.day) return null
  if (hours === undefined) return zonedInstant(date, 24 * 60, timeZone) * 1000
  const h = Number(hours)
  const m = Number(minutes)
  if (h > 23 || m > 59) return null
  return zonedInstant(date, h * 60 + m, timeZone) * 1000
}

export interface ImportContext {
  timeZone: string
  /** the designs the production API knows */
  designs: ReadonlySet<string> | ReadonlyMap<string, unknown>
  /** references already in the order book, lower case */
  taken: ReadonlySet<string>
}

/** The orders of a CSV file by `mapping`, or every problem by line (then no order). */
export function importOrders(
  table: CsvTable,
  mapping: ImportMapping,
  context: ImportContext,
): { orders: ImportedOrder[]; problems: RowProblem[] } {
  const problems: RowProblem[] = []
  const fileProblem = (code: ProblemCode, values: Problem['values'] = {}) =>
    problems.push(rowProblem(1, [{ code, values }]))
  const [header = [], ...rows] = table.rows
  const columnOf = new Map<ImportField, number>()
  for (const field of IMPORT_FIELDS) {
    const name = mapping[field]
    if (!name) continue
    const index = header.indexOf(name)
    if (index < 0) fileProblem('noColumn', { column: name.slice(0, 60), field })
    else columnOf.set(field, index)
  }
  for (const field of REQUIRED_FIELDS) if (!mapping[field]) fileProblem('unmapped', { field })
  if (rows.length === 0) fileProblem('noRows')
  if (rows.length > MAX_IMPORT_ROWS) fileProblem('tooManyRows', { rows: rows.length, max: MAX_IMPORT_ROWS })
  if (problems.length > 0) return { orders: [], problems }

  const byReference = new Map<string, ImportedOrder & { line: number }>()
  rows.forEach((row, i) => {
    const line = table.lines[i + 1]!
    const cell = (field: ImportField) => {
      const index = columnOf.get(field)
      return index === undefined ? '' : (row[index] ?? '').trim()
    }
    const wrong: Problem[] = []
    const add = (code: ProblemCode, values: Problem['values'] = {}) => wrong.push({ code, values })
    const reference = cell('reference')
    const customer = cell('customer')
    if (reference === '') add('referenceEmpty')
    else if (reference.length > 60) add('referenceLong')
    if (customer === '') add('customerEmpty')
    else if (customer.length > 120) add('customerLong')
    const dueAt = dueOf(cell('dueAt'), context.timeZone)
    if (dueAt === null) add('due', { value: cell('dueAt').slice(0, 40) })
    const designId = cell('designId')
    if (designId === '') add('designEmpty')
    else if (!context.designs.has(designId)) add('designUnknown', { value: designId.slice(0, 60) })
    const quantityText = cell('quantity').replace(/[\s.,'’](?=\d{3}\b)/g, '')
    const quantity = /^\d+$/.test(quantityText) ? Number(quantityText) : Number.NaN
    if (!Number.isSafeInteger(quantity) || quantity < 1 || quantity > MAX_ORDER_QUANTITY)
      add('quantity', { value: cell('quantity').slice(0, 20) })
    const priority = PRIORITY_WORDS[cell('priority').toLowerCase()]
    if (!priority) add('priority', { value: cell('priority').slice(0, 20) })
    const machineIds = cell('machineIds')
      .split(/[|\s]+/)
      .filter((m) => m !== '')
    const note = cell('note').slice(0, 500)
    if (reference !== '' && context.taken.has(reference.toLowerCase())) add('taken', { reference })
    const same = byReference.get(reference.toLowerCase())
    if (same && wrong.length === 0) {
      if (same.customer !== customer || same.dueAt !== dueAt || same.priority !== priority)
        add('conflict', { reference, line: same.line })
      else if (same.lines.length >= MAX_ORDER_LINES) add('tooManyLines', { reference })
    }
    if (wrong.length > 0) {
      problems.push(rowProblem(line, wrong))
      return
    }
    if (same) same.lines.push({ designId, quantity })
    else
      byReference.set(reference.toLowerCase(), {
        line,
        reference,
        customer,
        dueAt: dueAt!,
        priority: priority!,
        machineIds,
        note,
        lines: [{ designId, quantity }],
      })
  })
  if (problems.length > 0) return { orders: [], problems }
  return { orders: [...byReference.values()].map(({ line: _, ...order }) => order), problems: [] }
}

/**
 * A CSV file's text from its bytes: UTF-8 (its byte-order mark dropped), or UTF-16 when a byte-order mark
 * says so; null when it is neither, such as a file an ERP saved as Windows-1252, whose accents would
 * otherwise be read wrong without a word (the page asks for the file as UTF-8 instead).
 */
export function csvText(bytes: Uint8Array): string | null {
  const utf16 =
    bytes[0] === 0xff && bytes[1] === 0xfe
      ? 'utf-16le'
      : bytes[0] === 0xfe && bytes[1] === 0xff
        ? 'utf-16be'
        : null
  try {
    return new TextDecoder(utf16 ?? 'utf-8', { fatal: true }).decode(bytes)
  } catch {
    return null
  }
}
