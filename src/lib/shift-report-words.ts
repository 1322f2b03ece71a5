import type { Translator } from './i18n/translator'
import { codeWords } from './machine-state'
import type { ReportKind } from './shift-report-figures'
import { meaningLabel, type StatusMeaning } from './status-codes'
import { reasonName } from './stop-reasons'

/** What the words of a report are looked up in: the language, the factory's time, and the names the
 * settings give (a stop reason's, a status code's). */
export interface DocumentWords {
  t: Translator['t']
  number: Translator['number']
  language: string
  timeZone: string
  reasonName: (id: string | null) => string
  codeName: (code: number | null) => string
}

const dateFormats = new Map<string, Intl.DateTimeFormat>()

/** A calendar date in the factory's timezone and the report's language (a channel's, on the server): the
 * format of formatFactoryDate (src/lib/factory-time), which speaks the screen's language only. */
export function reportDate(at: number, timeZone: string, language: string): string {
  const key = `${language}|${timeZone}`
  let format = dateFormats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(language, { timeZone, year: 'numeric', month: 'short', day: 'numeric' })
    dateFormats.set(key, format)
  }
  return format.format(at)
}

/** The words of a report in a language: the stop reasons and status codes named as the settings name them. */
export function documentWords(
  translator: Pick<Translator, 't' | 'number' | 'language'>,
  timeZone: string,
  reasons: ReadonlyArray<{ id: string; name: string | null }>,
  codes: ReadonlyMap<number, StatusMeaning> | undefined,
): DocumentWords {
  const { t } = translator
  return {
    t,
    number: translator.number,
    language: translator.language,
    timeZone,
    reasonName: (id) => {
      if (id === null) return t('shiftReports.noReason')
      const reason = reasons.find((r) => r.id === id)
      return reason ? reasonName(reason, t) : id
    },
    codeName: (code) => {
      const meaning = code === null ? undefined : codes?.get(code)
      return meaning ? `${codeWords(code, t)} · ${meaningLabel(meaning, t)}` : codeWords(code, t)
    },
  }
}

type T = Translator['t']
type NumberFormat = Translator['number']

export const percent = (share: number | null, number: NumberFormat) =>
  share === null ? '—' : `${number(share * 100, { maximumFractionDigits: 0 })} %`

/** "80 of 100 (80 %)", or the count alone without a target */
export function ofTarget(actual: number | null, target: number | null, t: T, number: NumberFormat): string {
  if (actual === null) return '—'
  if (target === null || target <= 0) return number(Math.round(actual))
  return t('shiftReports.ofTarget', {
    actual: number(Math.round(actual)),
    target: number(Math.round(target)),
    percent: number((actual / target) * 100, { maximumFractionDigits: 0 }),
  })
}

/** The report's title: "Shift report: Early, 18 Nov 2026", "Day summary: …", "Week summary: … – …" */
export function reportTitle(
  report: { kind: ReportKind; shift: string; start: number; end: number },
  words: DocumentWords,
) {
  const { t, timeZone, language } = words
  const date = (at: number) => reportDate(at, timeZone, language)
  if (report.kind === 'day') return t('shiftReports.dayTitle', { date: date(report.start) })
  if (report.kind === 'week')
    return t('shiftReports.weekTitle', { from: date(report.start), till: date(report.end - 1) })
  return t('shiftReports.reportTitle', { shift: report.shift, date: date(report.start) })
}
