import type { MessageKey, Translator } from '../../lib/i18n/translator'
import { relativeChange } from '../../lib/shift-compare'
import { comparable, type Figure } from './shift-figures'

/** The portal's reports in words (the address is in the report pages' "How is this computed?"). */
export const SOURCE_WORDS = {
  '/reports/threadbreaks': 'shifts.source.threadbreaks',
  '/reports/machine-summary': 'shifts.source.machineSummary',
  '/reports/average-rpm': 'shifts.source.averageRpm',
} as const satisfies Readonly<Record<string, MessageKey>>

const sourceWords: Readonly<Partial<Record<string, MessageKey>>> = SOURCE_WORDS

/** How a figure is computed and from which report, in words (the table's last column). */
export function sourceOf(figure: Figure, t: Translator['t']): string {
  const how = t(figure.how)
  const from = sourceWords[figure.source]
  return from ? t('shifts.figures.howFrom', { how, source: t(from) }) : how
}

/** One figure across the shifts: each shift's value, and against the mean of the shifts that have one
 * ("+12 %"), compared per hour of shift for totals and as they are for rates; no comparison unless
 * at least two shifts have a value. */
export function figureAcross(
  figure: Figure,
  perShift: ReadonlyArray<{ figures: Readonly<Record<string, number | null>>; hours: number }>,
): Array<{ value: number | null; versus: string | null }> {
  const values = perShift.map((p) => comparable(figure, p.figures[figure.key] ?? null, p.hours))
  const known = values.filter((v): v is number => v !== null)
  const mean = known.length ? known.reduce((a, b) => a + b, 0) / known.length : null
  return perShift.map((p, i) => {
    const compared = values[i] ?? null
    return {
      value: p.figures[figure.key] ?? null,
      versus: compared !== null && mean !== null && known.length > 1 ? relativeChange(compared, mean) : null,
    }
  })
}
