import { clockMinutes } from '../../lib/clock'
import type { Translator } from '../../lib/i18n/translator'
import {
  MAX_REASONS_IN_USE,
  type ReasonCategory,
  type ShiftBreak,
  type StopReason,
  type StopSettings,
} from '../../lib/stop-reasons'

/** The reasons' settings as the form edits them: numbers as typed (a half-typed one is not lost), names
 * as typed ('' is the product's own words). */
export interface Draft {
  categories: ReasonCategory[]
  reasons: StopReason[]
  threshold: string
  codeReasons: Array<{ code: string; reason: string }>
  breaks: ShiftBreak[]
}

export type Change = (update: (draft: Draft) => void) => void

export const draftOf = (settings: StopSettings): Draft => ({
  categories: structuredClone(settings.categories),
  reasons: structuredClone(settings.reasons),
  threshold: String(settings.thresholdMinutes),
  codeReasons: settings.codeReasons.map((rule) => ({ code: String(rule.code), reason: rule.reason })),
  breaks: structuredClone(settings.breaks),
})

/** `update` applied to a copy: React sees a new draft and the old one stays as it was. */
export function edited(draft: Draft, update: (draft: Draft) => void): Draft {
  const copy = structuredClone(draft)
  update(copy)
  return copy
}

const typed = (name: string | null) => name?.trim() || null

/** The draft as the server takes it (check it with problemsOf first). */
export function settingsOf(draft: Draft): StopSettings {
  return {
    categories: draft.categories.map((c) => ({ ...c, name: typed(c.name) })),
    reasons: draft.reasons.map((r) => ({ ...r, name: typed(r.name) })),
    thresholdMinutes: Number(draft.threshold.trim()),
    codeReasons: draft.codeReasons.map((rule) => ({ code: Number(rule.code.trim()), reason: rule.reason })),
    breaks: draft.breaks.map((b) => ({ ...b })),
  }
}

export const reasonsInUse = (reasons: readonly StopReason[]) => reasons.filter((r) => !r.retired)

const MAX_CODE = 2_147_483_647
const WHOLE = /^\d{1,10}$/

/** What keeps the draft from being saved, in words (the server checks it all again). */
export function problemsOf(draft: Draft, shiftNames: readonly string[], t: Translator['t']): string[] {
  const problems: string[] = []
  const inUse = reasonsInUse(draft.reasons).length
  if (inUse > MAX_REASONS_IN_USE)
    problems.push(t('stopSettings.tooMany', { max: MAX_REASONS_IN_USE, over: inUse - MAX_REASONS_IN_USE }))
  const threshold = Number(draft.threshold.trim())
  if (draft.threshold.trim() === '' || !Number.isFinite(threshold) || threshold < 0 || threshold > 240)
    problems.push(t('stopSettings.thresholdWrong'))
  const usable = (id: string) => draft.reasons.find((r) => r.id === id && !r.retired)
  const codes = new Set<number>()
  draft.codeReasons.forEach((rule, i) => {
    const code = rule.code.trim()
    if (!WHOLE.test(code) || Number(code) > MAX_CODE) problems.push(t('stopSettings.codeWrong', { n: i + 1 }))
    else {
      if (codes.has(Number(code))) problems.push(t('stopSettings.codeTwice', { code: Number(code) }))
      codes.add(Number(code))
    }
    if (!usable(rule.reason)) problems.push(t('stopSettings.ruleReason', { n: i + 1 }))
  })
  draft.breaks.forEach((b, i) => {
    if (!shiftNames.includes(b.shift)) problems.push(t('stopSettings.breakShift', { n: i + 1 }))
    const from = clockMinutes(b.from)
    const till = clockMinutes(b.till)
    if (from === null || till === null || from === till)
      problems.push(t('stopSettings.breakTimes', { n: i + 1 }))
    if (!usable(b.reason)?.planned) problems.push(t('stopSettings.breakReason', { n: i + 1 }))
  })
  return problems
}

const ID_LENGTH = 40

/** An id made from a name (a-z, 0-9 and '-', as the server takes them), unique among `taken`. */
export function idFrom(name: string, taken: ReadonlySet<string>, fallback: string): string {
  const base =
    name
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/ß/g, 'ss')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, ID_LENGTH)
      .replace(/-+$/, '') || fallback
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) {
    const suffix = `-${n}`
    const id = `${base.slice(0, ID_LENGTH - suffix.length).replace(/-+$/, '')}${suffix}`
    if (!taken.has(id)) return id
  }
}

/** Colours for reasons a factory adds, distinct from each other (Tol's muted and light palettes). */
const NEW_COLOURS = ['#332288', '#88ccee', '#117733', '#ddcc77', '#cc6677', '#aa4499', '#44aa99', '#999933']

/** A new reason of `category`, planned when every reason of it is (the built-in "planned"). */
export function newReason(draft: Draft, category: string, name: string): StopReason {
  const taken = new Set(draft.reasons.map((r) => r.id))
  const siblings = draft.reasons.filter((r) => r.category === category)
  const planned = siblings.length > 0 ? siblings.every((r) => r.planned) : category === 'planned'
  const used = new Set(reasonsInUse(draft.reasons).map((r) => r.colour.toLowerCase()))
  return {
    id: idFrom(name, taken, 'reason'),
    category,
    name: name.trim(),
    planned,
    colour: NEW_COLOURS.find((c) => !used.has(c)) ?? '#888888',
    pattern: planned ? 'stripes' : 'solid',
    needsComment: false,
    retired: false,
  }
}
