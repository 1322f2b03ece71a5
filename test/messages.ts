import { compileCatalogue } from '../src/lib/i18n/compile'
import de from '../src/lib/i18n/locales/de.json'
import en from '../src/lib/i18n/locales/en.json'
import es from '../src/lib/i18n/locales/es.json'
import { type Language, type Translator, translator } from '../src/lib/i18n/translator'

const sources: Record<Language, Record<string, string>> = { en, de, es }

/** A language's whole catalogue, for tests of code that takes a translator. */
export const speaking = (language: Language): Translator =>
  translator(language, compileCatalogue(sources[language]))

/** English, as the tests of the English wording read it. */
export const { t } = speaking('en')
