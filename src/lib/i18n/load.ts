import { LOADERS, PARTS } from 'virtual:stitchboard-messages'
import type { Catalogue } from './messages'
import { type Language, type Translator, translator } from './translator'

/** The parts of the catalogues: a message's part is its name's first segment (`app.…`, `machines.…`). */
export const MESSAGE_PARTS: readonly string[] = PARTS

/** `language`'s messages of `parts`, compiled at build time, each part a chunk of its own. */
export async function loadParts(language: Language, parts: readonly string[]): Promise<Catalogue> {
  const loaders = LOADERS[language]
  if (!loaders) throw new Error(`no catalogue for ${language}`)
  const loaded = await Promise.all(
    // a part no message is in yet has nothing to load (a contract test holds the parts named to those used)
    parts.map((part) => loaders[part]?.() ?? { default: {} }),
  )
  return Object.assign({}, ...loaded.map((module) => module.default as Catalogue))
}

/**
 * The language a screen speaks and the parts of its catalogue loaded so far. A page's parts are loaded with
 * its code (src/app/router.tsx), so a message is there when it is rendered; a change of language loads every
 * part loaded so far in the new language before the screen switches to it.
 */
export class MessageStore {
  #translator: Translator
  #catalogue: Record<string, Catalogue[string]>
  #loaded = new Set<string>()
  #listeners = new Set<() => void>()
  #switching: Promise<void> = Promise.resolve()

  constructor(language: Language = 'en') {
    this.#catalogue = {}
    this.#translator = translator(language, this.#catalogue)
  }

  get translator(): Translator {
    return this.#translator
  }

  subscribe = (listener: () => void) => {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /** Loads the `parts` not loaded yet in the current language. */
  async need(parts: readonly string[]): Promise<void> {
    await this.#switching
    const missing = parts.filter((part) => !this.#loaded.has(part))
    if (!missing.length) return
    const language = this.#translator.language
    const messages = await loadParts(language, missing)
    if (language !== this.#translator.language) return this.need(parts) // switched meanwhile
    Object.assign(this.#catalogue, messages)
    for (const part of missing) this.#loaded.add(part)
  }

  /** Speaks `language` from now on, once its parts are loaded; `switching` runs just before the screen
   * is told (what else follows the language, such as dates, switches with it). */
  setLanguage(language: Language, switching: (language: Language) => void = () => {}): Promise<void> {
    this.#switching = this.#switching.then(async () => {
      if (language === this.#translator.language) return switching(language)
      const parts = [...this.#loaded]
      const catalogue = { ...(await loadParts(language, parts)) }
      this.#catalogue = catalogue
      this.#translator = translator(language, catalogue)
      switching(language)
      for (const listener of this.#listeners) listener()
    })
    return this.#switching
  }
}
