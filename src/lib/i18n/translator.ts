import type en from './locales/en.json'
import { type Catalogue, type Formats, format, type Values } from './messages'

/** The languages stitchboard speaks; a language is its catalogue, `locales/<language>.json`. */
export const LANGUAGES = ['en', 'de', 'es'] as const
export type Language = (typeof LANGUAGES)[number]
/** Each language by its own name (a name, the same in every catalogue: not a message). */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  en: 'English',
  de: 'Deutsch',
  es: 'Español',
}
export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language)

/** A message's name: the English catalogue holds them all (a test holds the others to it). */
export type MessageKey = keyof typeof en

export interface Translator {
  language: Language
  /** the message's text in this language, `values` put in by its rules */
  t(key: MessageKey, values?: Values): string
  /** a number as the language writes it */
  number(value: number, options?: Intl.NumberFormatOptions): string
}

/** One language's messages and Intl objects (each made once). Not a global: the server speaks several
 * languages at once (a channel each). */
export function translator(language: Language, catalogue: Catalogue): Translator {
  const numbers = new Map<string, Intl.NumberFormat>()
  const number = (value: number, options?: Intl.NumberFormatOptions) => {
    const key = options ? JSON.stringify(options) : ''
    let made = numbers.get(key)
    if (!made) {
      made = new Intl.NumberFormat(language, options)
      numbers.set(key, made)
    }
    return made.format(value)
  }
  const cardinal = new Intl.PluralRules(language)
  const ordinal = new Intl.PluralRules(language, { type: 'ordinal' })
  const formats: Formats = {
    number: (value) => number(value),
    plural: (value, isOrdinal) => (isOrdinal ? ordinal : cardinal).select(value),
  }
  return {
    language,
    t: (key, values = {}) => {
      const message = catalogue[key]
      // a test makes every language hold every key; this is for a catalogue that failed to load whole
      return message === undefined ? key : format(message, values, formats)
    },
    number,
  }
}
