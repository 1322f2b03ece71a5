import { useId, useSyncExternalStore } from 'react'
import { setDateLanguage } from '../lib/factory-time'
import { chooseLanguage } from '../lib/i18n/choose'
import { MessageStore } from '../lib/i18n/load'
import { isLanguage, LANGUAGE_NAMES, LANGUAGES, type Language, type Translator } from '../lib/i18n/translator'

/** The screen's language and the messages loaded so far: one per page (src/app/main.tsx starts it). */
export const messages = new MessageStore()

/** The messages of the language the screen speaks; a component using it speaks again when it changes. */
export function useT(): Translator {
  return useSyncExternalStore(messages.subscribe, () => messages.translator)
}

const STORAGE_KEY = 'stitchboard-language'

/** The language picked on this browser (the header's picker), if any. */
export function pickedLanguage(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY)
  } catch {
    return null // storage refused (a locked-down kiosk browser): the other sources still choose
  }
}

/** The language this page speaks: picked on this browser, `lang=` of a kiosk address, the factory's
 * default (LANGUAGE, written into the page by the server as `data-factory-language`), the browser's. */
export function pageLanguage(location: Pick<Location, 'search'>, kiosk: boolean): Language {
  return chooseLanguage({
    picked: pickedLanguage(),
    kiosk: kiosk ? new URLSearchParams(location.search).get('lang') : null,
    factory: document.documentElement.dataset.factoryLanguage ?? null,
    browser: navigator.languages ?? [navigator.language],
  })
}

/** Speaks `language` (its messages loaded first) and tells the page, for screen readers and hyphenation. */
export async function speak(language: Language): Promise<void> {
  await messages.setLanguage(language, (spoken) => {
    setDateLanguage(spoken)
    document.documentElement.lang = spoken
  })
}

/** The header's language picker: each language named in its own words; remembered on this browser. */
export function LanguagePicker({ className = '' }: { className?: string }) {
  const { t, language } = useT()
  const id = useId()
  return (
    <span className={`inline-flex items-center gap-2 ${className}`}>
      <label htmlFor={id} className="text-sm">
        {t('app.language')}
      </label>
      <select
        id={id}
        value={language}
        className="rounded border border-gray-400 bg-transparent px-1 py-0.5 text-sm max-sm:min-h-11 dark:border-gray-600"
        onChange={(event) => {
          const picked = event.target.value
          if (!isLanguage(picked)) return
          try {
            localStorage.setItem(STORAGE_KEY, picked)
          } catch {
            // not remembered: this page still switches
          }
          void speak(picked)
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </span>
  )
}
