import { isLanguage, LANGUAGES, type Language } from './translator'

export interface LanguageSources {
  /** chosen with the header's picker, remembered by this browser */
  picked?: string | null
  /** `lang=` of a kiosk address */
  kiosk?: string | null
  /** the factory's default (LANGUAGE) */
  factory?: string | null
  /** the browser's own, most preferred first (navigator.languages) */
  browser?: readonly string[]
}

/** The language a screen speaks, from the first source that names one stitchboard speaks, in the order
 * people expect: their own pick, the kiosk's address, the factory's default, the browser's; English
 * when none does. A browser's `de-AT` is German. */
export function chooseLanguage({ picked, kiosk, factory, browser = [] }: LanguageSources): Language {
  for (const candidate of [picked, kiosk, factory]) {
    const language = candidate?.toLowerCase()
    if (isLanguage(language)) return language
  }
  for (const tag of browser) {
    const language = tag.toLowerCase().split('-')[0]
    if (isLanguage(language)) return language
  }
  return LANGUAGES[0]
}
