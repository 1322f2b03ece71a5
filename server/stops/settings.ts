import * as z from 'zod'
import { clockMinutes } from '../../src/lib/clock'
import {
  defaultStopSettings,
  MAX_CATEGORIES,
  MAX_COMMENT,
  MAX_NAME,
  MAX_REASONS_IN_USE,
  type PlannedScope,
  REASON_PATTERNS,
  type StopSettings,
} from '../../src/lib/stop-reasons'

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
const CONTROL = /[\u0000-\u001f\u007f]/
const ID = /^[a-z0-9][a-z0-9-]{0,39}$/

/** A name a person types (who gave a reason, a reason's name): 1–60 characters, no control characters;
 * shown as text wherever it appears. */
export const personName = z
  .string()
  .transform((s) => s.trim())
  .pipe(
    z
      .string()
      .min(1, 'is empty')
      .max(MAX_NAME, `is longer than ${MAX_NAME} characters`)
      .refine((s) => !CONTROL.test(s), 'holds control characters'),
  )

/** Text a person types (an order's customer, a task's name, a note): trimmed, at most `max` characters, no
 * control characters; empty only when `empty` allows it. */
export const typedText = (max: number, empty: boolean) =>
  z
    .string({ error: 'is not text' })
    .transform((s) => s.trim())
    .pipe(
      z
        .string()
        .min(empty ? 0 : 1, 'is empty')
        .max(max, `is longer than ${max} characters`)
        .refine((s) => !CONTROL.test(s), 'holds control characters'),
    )

const typedName = personName.nullable()
const clock = z.string().refine((s) => clockMinutes(s) !== null, 'is not a time of day HH:MM')

const settingsSchema = z.object({
  categories: z
    .array(z.object({ id: z.string().regex(ID, 'is not an id (a-z, 0-9, -)'), name: typedName }).strict())
    .min(1)
    .max(MAX_CATEGORIES),
  reasons: z
    .array(
      z
        .object({
          id: z.string().regex(ID, 'is not an id (a-z, 0-9, -)'),
          category: z.string(),
          name: typedName,
          planned: z.boolean(),
          colour: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'is not a colour #rrggbb'),
          pattern: z.enum(REASON_PATTERNS),
          needsComment: z.boolean(),
          retired: z.boolean(),
        })
        .strict(),
    )
    .min(1)
    .max(200),
  thresholdMinutes: z.number().min(0).max(240),
  codeReasons: z
    .array(z.object({ code: z.int().min(0).max(2_147_483_647), reason: z.string() }).strict())
    .max(200),
  breaks: z
    .array(z.object({ shift: z.string(), from: clock, till: clock, reason: z.string() }).strict())
    .max(100),
})

const where = (path: ReadonlyArray<PropertyKey>) => path.map(String).join('.')

/** The settings a request sends, checked whole: every problem named at once, or the settings to keep.
 * A reason in the saved list may be retired but never removed (its stops keep it). */
export function checkSettings(
  input: unknown,
  saved: StopSettings,
  shiftNames: readonly string[],
): { ok: true; settings: StopSettings } | { ok: false; error: string } {
  const parsed = settingsSchema.safeParse(input)
  if (!parsed.success)
    return {
      ok: false,
      error: `The reasons' settings are not right: ${parsed.error.issues.map((i) => `${where(i.path)} ${i.message}`).join('; ')}`,
    }
  const s = parsed.data as StopSettings
  const problems: string[] = []
  const categories = new Set<string>()
  for (const c of s.categories) {
    if (categories.has(c.id)) problems.push(`category ${c.id} is listed twice`)
    categories.add(c.id)
  }
  const reasons = new Map<string, StopSettings['reasons'][number]>()
  for (const r of s.reasons) {
    if (reasons.has(r.id)) problems.push(`reason ${r.id} is listed twice`)
    reasons.set(r.id, r)
    if (!categories.has(r.category))
      problems.push(`reason ${r.id} is in category ${r.category}, which is not listed`)
  }
  const inUse = s.reasons.filter((r) => !r.retired).length
  if (inUse > MAX_REASONS_IN_USE)
    problems.push(`${inUse} reasons are in use; at most ${MAX_REASONS_IN_USE} (retire some)`)
  for (const r of saved.reasons)
    if (!reasons.has(r.id))
      problems.push(`reason ${r.id} cannot be removed, only retired (its stops keep it)`)
  const usable = (id: string) => reasons.has(id) && !reasons.get(id)!.retired
  const codes = new Set<number>()
  for (const rule of s.codeReasons) {
    if (codes.has(rule.code)) problems.push(`status code ${rule.code} has two rules`)
    codes.add(rule.code)
    if (!usable(rule.reason))
      problems.push(`status code ${rule.code}'s reason ${rule.reason} is not a reason in use`)
  }
  for (const b of s.breaks) {
    if (!shiftNames.includes(b.shift))
      problems.push(`the break ${b.from}–${b.till} is for shift ${b.shift}, which is not a shift`)
    if (clockMinutes(b.from) === clockMinutes(b.till))
      problems.push(`the break ${b.from}–${b.till} has no length`)
    if (!usable(b.reason) || !reasons.get(b.reason)!.planned)
      problems.push(`the break ${b.from}–${b.till}'s reason ${b.reason} is not a planned reason in use`)
  }
  if (problems.length > 0)
    return { ok: false, error: `The reasons' settings are not right: ${problems.join('; ')}` }
  return { ok: true, settings: s }
}

/** Settings as kept, read leniently: what does not read as settings is the defaults (and said in the log). */
export function storedSettings(value: unknown): StopSettings {
  const parsed = settingsSchema.safeParse(value)
  return parsed.success ? (parsed.data as StopSettings) : defaultStopSettings()
}

const scopeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all') }).strict(),
  z.object({ kind: z.literal('location'), id: z.int().min(0).max(2_147_483_647) }).strict(),
  z.object({ kind: z.literal('machine'), id: z.string().min(1).max(128) }).strict(),
])

const instant = z.int().min(0).max(8_640_000_000_000)

export const plannedStopSchema = z
  .object({
    scope: scopeSchema,
    reason: z.string().max(40),
    from: instant,
    till: instant,
    note: z.string().max(MAX_COMMENT, `is longer than ${MAX_COMMENT} characters`).nullable().optional(),
    by: personName,
  })
  .strict()

export const reasonBodySchema = z
  .object({
    machineId: z.string().min(1).max(128),
    start: instant,
    reason: z.string().max(40),
    comment: z.string().max(MAX_COMMENT, `is longer than ${MAX_COMMENT} characters`).nullable().optional(),
    by: personName,
    /** the reason this screen showed (null: none): another's change since is answered as replaced */
    seen: z.string().max(40).nullable().optional(),
  })
  .strict()

export const splitBodySchema = z
  .object({ machineId: z.string().min(1).max(128), start: instant, at: instant, by: personName })
  .strict()

/** A body's problems in one sentence. */
export function bodyError(error: z.ZodError, what: string): string {
  return `${what}: ${error.issues.map((i) => `${where(i.path) || 'the body'} ${i.message}`).join('; ')}`
}

export type { PlannedScope }
