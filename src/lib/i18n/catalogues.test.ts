import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser'
import { describe, expect, test } from 'vitest'
import { compileCatalogue } from './compile'
import { LANGUAGES, translator } from './translator'

/** One catalogue per language (src/lib/i18n/locales/<language>.json): each holds every message of the
 * English one, with the same arguments, plural branches by its own language's rules, and nothing else;
 * every message is used. */
const LOCALES = 'src/lib/i18n/locales'
const source = (language: string) =>
  JSON.parse(readFileSync(join(LOCALES, `${language}.json`), 'utf8')) as Record<string, string>
const english = source('en')

/** The arguments a message takes, and the plural branches it has, by walking its ICU form. */
function shape(text: string) {
  const names = new Set<string>()
  const plurals: Array<{ ordinal: boolean; branches: string[] }> = []
  const walk = (nodes: MessageFormatElement[]) => {
    for (const node of nodes) {
      if (node.type === TYPE.literal || node.type === TYPE.pound) continue
      names.add(node.value)
      if (node.type === TYPE.plural) {
        plurals.push({ ordinal: node.pluralType === 'ordinal', branches: Object.keys(node.options) })
      }
      if (node.type === TYPE.plural || node.type === TYPE.select)
        for (const option of Object.values(node.options)) walk(option.value)
    }
  }
  walk(parse(text, { requiresOtherClause: true }))
  return { names: [...names].sort(), plurals }
}

test('the languages spoken are the catalogues there are', () => {
  const files = readdirSync(LOCALES).map((name) => name.replace(/\.json$/, ''))
  expect(files.sort()).toEqual([...LANGUAGES].sort())
})

describe.each(LANGUAGES)('the %s catalogue', (language) => {
  const messages = source(language)

  test('holds every message of the English one and no other', () => {
    expect(Object.keys(messages).sort()).toEqual(Object.keys(english).sort())
  })

  test('each message takes the arguments the English one takes, with plurals by this language’s rules', () => {
    const categories = {
      cardinal: new Intl.PluralRules(language).resolvedOptions().pluralCategories as string[],
      ordinal: new Intl.PluralRules(language, { type: 'ordinal' }).resolvedOptions()
        .pluralCategories as string[],
    }
    const problems: string[] = []
    for (const [key, text] of Object.entries(messages)) {
      const own = shape(text)
      const theirs = english[key] === undefined ? own : shape(english[key]!)
      if (own.names.join() !== theirs.names.join())
        problems.push(`${key}: takes {${own.names.join('}, {')}}, English {${theirs.names.join('}, {')}}`)
      for (const plural of own.plurals) {
        const allowed = plural.ordinal ? categories.ordinal : categories.cardinal
        const foreign = plural.branches.filter((b) => !b.startsWith('=') && !allowed.includes(b))
        if (foreign.length)
          problems.push(`${key}: ${foreign.join(', ')} is no plural category of ${language}`)
      }
    }
    expect(problems).toEqual([])
    expect(() => compileCatalogue(messages)).not.toThrow()
  })
})

test('plurals and numbers by each language’s rules', () => {
  const breaks = {
    en: '{count, plural, =0 {No thread breaks} one {# thread break} other {# thread breaks}}',
    de: '{count, plural, =0 {Keine Fadenbrüche} one {# Fadenbruch} other {# Fadenbrüche}}',
    es: '{count, plural, one {# rotura de hilo} other {# roturas de hilo}}',
  }
  const say = (language: keyof typeof breaks, count: number) =>
    translator(language, compileCatalogue({ breaks: breaks[language] })).t('breaks' as never, { count })
  expect([0, 1, 2, 1500].map((n) => say('en', n))).toEqual([
    'No thread breaks',
    '1 thread break',
    '2 thread breaks',
    '1,500 thread breaks',
  ])
  expect([0, 1, 1500].map((n) => say('de', n))).toEqual([
    'Keine Fadenbrüche',
    '1 Fadenbruch',
    '1.500 Fadenbrüche',
  ])
  // Spanish has a "many" category (a million) that falls to "other" when a message has no branch for it
  expect([1, 1_000_000].map((n) => say('es', n))).toEqual(['1 rotura de hilo', '1.000.000 roturas de hilo'])
})

test('every message is used by the code, by its name written out', () => {
  const code = ['src', 'server']
    .flatMap((dir) =>
      readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
        .map((file) => readFileSync(join(dir, file), 'utf8')),
    )
    .join('\n')
  expect(Object.keys(english).filter((key) => !code.includes(`'${key}'`))).toEqual([])
})

/** Units a number is followed by in the catalogues' words. */
const UNIT = /^ (min|s|h|d|%|rpm|days?|Tagen?|días?)(?![\p{L}\d])/u

describe.each(LANGUAGES)('the %s catalogue on a wall', (language) => {
  test('a number and what it counts never part at a line’s end: a non-breaking space between them', () => {
    const problems: string[] = []
    for (const [key, text] of Object.entries(source(language))) {
      const walk = (nodes: MessageFormatElement[]) =>
        nodes.forEach((node, i) => {
          const next = nodes[i + 1]
          const after = next?.type === TYPE.literal ? next.value : ''
          // a number ("{count, number} min", "# alerts"): the word or sign that follows stays with it
          if ((node.type === TYPE.number || node.type === TYPE.pound) && /^ [\p{L}%]/u.test(after))
            problems.push(
              `${key}: “${node.type === TYPE.pound ? '#' : `{${node.value}}`}${after.slice(0, 12)}”`,
            )
          // an argument that is a number said in words ("{days} days", "{hours} h")
          if (node.type === TYPE.argument && UNIT.test(after))
            problems.push(`${key}: “{${node.value}}${after.slice(0, 12)}”`)
          // a number written out ("Last 7 days")
          if (node.type === TYPE.literal)
            for (const [found] of node.value.matchAll(/\d (min|s|h|d|%|rpm|days?|Tagen?|días?)\b/gu))
              problems.push(`${key}: “${found}”`)
          if (node.type === TYPE.plural || node.type === TYPE.select)
            for (const option of Object.values(node.options)) walk(option.value)
        })
      walk(parse(text, { requiresOtherClause: true }))
    }
    expect(problems).toEqual([])
  })
})
