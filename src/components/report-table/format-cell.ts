import { durationInWords } from '../../lib/duration'
import { formatFactoryDate, formatFactoryTime } from '../../lib/factory-time'
import type { Translator } from '../../lib/i18n/translator'
import { naturalCompare } from '../../lib/natural-order'
import type { Column } from './columns'

const NUMBER: Intl.NumberFormatOptions = { maximumFractionDigits: 2 }

/** Milliseconds of a time cell: an ISO string, or Unix seconds in a time-named column. */
export function timeMs(value: unknown): number | null {
  if (typeof value === 'number') return value * 1000
  if (typeof value === 'string') {
    const ms = Date.parse(value)
    return Number.isNaN(ms) ? null : ms
  }
  return null
}

/** A cell as text for the table: numbers as the language writes them, times in the factory's timezone. */
export function formatCell(
  value: unknown,
  column: Column,
  timeZone: string,
  { t, number }: Pick<Translator, 't' | 'number'>,
): string {
  if (value === null || value === undefined || value === '') return '—'
  switch (column.kind) {
    case 'number':
      return typeof value === 'number' ? number(value, NUMBER) : String(value)
    case 'duration':
      return typeof value === 'number' && value >= 0 ? durationInWords(value) : String(value)
    case 'time': {
      const ms = timeMs(value)
      return ms === null
        ? String(value)
        : `${formatFactoryDate(ms, timeZone)} ${formatFactoryTime(ms, timeZone, false)}`
    }
    case 'boolean':
      return value === true ? t('reportTable.yes') : value === false ? t('reportTable.no') : String(value)
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value)
  }
}

/** Sort order of two cells of a column: numbers and times by value, text naturally; blanks last. */
export function compareCells(a: unknown, b: unknown, column: Column): number {
  const blank = (v: unknown) => v === null || v === undefined || v === ''
  if (blank(a) || blank(b)) return blank(a) === blank(b) ? 0 : blank(a) ? 1 : -1
  if (
    (column.kind === 'number' || column.kind === 'duration') &&
    typeof a === 'number' &&
    typeof b === 'number'
  )
    return a - b
  if (column.kind === 'time') return (timeMs(a) ?? 0) - (timeMs(b) ?? 0)
  return naturalCompare(String(a), String(b))
}
