import { expect, test } from 'vitest'
import { loadParts, MESSAGE_PARTS, MessageStore } from './load'

test('a language’s messages arrive compiled, part by part, and speak by its rules', async () => {
  expect(MESSAGE_PARTS).toContain('app')
  const german = await loadParts('de', ['app'])
  expect(Object.keys(german).every((key) => key.startsWith('app.'))).toBe(true)
  const store = new MessageStore('de')
  await store.need(['app'])
  expect(store.translator.t('app.language')).toBe('Sprache')
})

test('a change of language loads every part loaded so far, then tells the screen', async () => {
  const store = new MessageStore('en')
  await store.need(MESSAGE_PARTS)
  const heard: string[] = []
  store.subscribe(() => heard.push(store.translator.language))
  const english = store.translator
  await store.setLanguage('es')
  expect(heard).toEqual(['es'])
  expect(english.t('app.language')).toBe('Language')
  for (const part of MESSAGE_PARTS) {
    const spanish = await loadParts('es', [part])
    for (const key of Object.keys(spanish)) expect(store.translator.t(key as never)).not.toBe(key)
  }
  expect(store.translator.t('app.language')).toBe('Idioma')
})
