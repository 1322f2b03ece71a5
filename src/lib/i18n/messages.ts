/**
 * Messages as stitchboard keeps them after compiling a catalogue (src/lib/i18n/locales/<language>.json, ICU
 * MessageFormat): plain data, interpreted by `format` below in the browser and on the server alike.
 * - a string: the text itself;
 * - an array of parts, each a string, `0` (the number of the plural around it, ICU's `#`), or an argument:
 *   `[name]` as text, `[name, 'n']` a number, `[name, 'p', offset, branches]` a plural (cardinal),
 *   `[name, 'o', offset, branches]` an ordinal, `[name, 's', branches]` a select.
 */
export type Part =
  | string
  | 0
  | readonly [name: string]
  | readonly [name: string, kind: 'n']
  | readonly [name: string, kind: 'p' | 'o', offset: number, branches: Readonly<Record<string, Message>>]
  | readonly [name: string, kind: 's', branches: Readonly<Record<string, Message>>]
export type Message = string | readonly Part[]
export type Catalogue = Readonly<Record<string, Message>>
export type Values = Readonly<Record<string, string | number>>

/** The Intl objects of one language, made once each. */
export interface Formats {
  number(value: number): string
  plural(value: number, ordinal: boolean): Intl.LDMLPluralRule
}

/** The text of `message` with `values` put in, by the language's rules (`formats`). */
export function format(message: Message, values: Values, formats: Formats, pound?: number): string {
  if (typeof message === 'string') return message
  let text = ''
  for (const part of message) {
    if (typeof part === 'string') text += part
    else if (part === 0) text += pound === undefined ? '#' : formats.number(pound)
    else text += formatArgument(part, values, formats, pound)
  }
  return text
}

function formatArgument(part: Exclude<Part, string | 0>, values: Values, formats: Formats, pound?: number) {
  const value = values[part[0]]
  if (part.length === 1) return String(value ?? '')
  if (part[1] === 'n') return typeof value === 'number' ? formats.number(value) : String(value ?? '')
  if (part[1] === 's') {
    const branches = part[2]
    return format(branches[String(value)] ?? branches.other ?? '', values, formats, pound)
  }
  const [, kind, offset, branches] = part
  const n = Number(value) - offset
  // an exact match (=0, =1) first, then the language's category, then other (ICU)
  const branch =
    branches[`=${Number(value)}`] ?? branches[formats.plural(n, kind === 'o')] ?? branches.other ?? ''
  return format(branch, values, formats, n)
}
