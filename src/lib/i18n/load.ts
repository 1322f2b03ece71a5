import { loadPiece, PIECES } from 'virtual:stitchboard-messages'
import type { Catalogue } from './messages'
import { type Language, type Translator, translator } from './translator'

/** The pieces of the catalogues: the shell's messages (`app`) and those of each piece of the app loaded
 * on its own (a page, the wall: src/components/message-pieces.ts). */
export const CATALOGUE_PIECES: readonly string[] = PIECES

/** `language`'s messages of `pieces`, compiled at build time, each piece loaded on its own. */
export async function loadPieces(language: Language, pieces: readonly string[]): Promise<Catalogue> {
  const loaded = await Promise.all(pieces.map((piece) => loadPiece(language, piece)))
  return Object.assign({}, ...(loaded as Catalogue[]))
}

/**
 * The language a screen speaks and the pieces of its catalogue loaded so far. A page's piece is loaded with
 * its code (src/components/with-messages.ts), so a message is there when it is rendered; a change of language loads
 * every piece loaded so far in the new language before the screen switches to it.
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

  /** Loads the `pieces` not loaded yet in the current language. */
  async need(pieces: readonly string[]): Promise<void> {
    await this.#switching
    const missing = pieces.filter((piece) => !this.#loaded.has(piece))
    if (!missing.length) return
    const language = this.#translator.language
    const messages = await loadPieces(language, missing)
    if (language !== this.#translator.language) return this.need(pieces) // switched meanwhile
    Object.assign(this.#catalogue, messages)
    for (const piece of missing) this.#loaded.add(piece)
  }

  /** Speaks `language` from now on, once its pieces are loaded; `switching` runs just before the screen
   * is told (what else follows the language, such as dates, switches with it). */
  setLanguage(language: Language, switching: (language: Language) => void = () => {}): Promise<void> {
    this.#switching = this.#switching.then(async () => {
      if (language === this.#translator.language) return switching(language)
      // a piece that finished loading in the old language meanwhile is loaded in the new one too
      const catalogue: Catalogue = {}
      const done = new Set<string>()
      for (let next = [...this.#loaded]; next.length; next = [...this.#loaded].filter((p) => !done.has(p))) {
        Object.assign(catalogue, await loadPieces(language, next))
        for (const piece of next) done.add(piece)
      }
      this.#catalogue = catalogue
      this.#translator = translator(language, catalogue)
      switching(language)
      for (const listener of this.#listeners) listener()
    })
    return this.#switching
  }
}
