import { expect, test } from 'vitest'
import { CATALOGUE_PIECES, loadPieces, MessageStore } from './load'

test('a language’s messages arrive compiled, piece by piece, and speak by its rules', async () => {
  expect(CATALOGUE_PIECES).toContain('app')
  const german = await loadPieces('de', ['app'])
  expect(german['app.language']).toBeDefined()
  // the shell's piece holds the shell's messages, not a page's
  expect(german['machines.attention.needs' as never]).toBeUndefined()
  const store = new MessageStore('de')
  await store.need(['app'])
  expect(store.translator.t('app.language')).toBe('Sprache')
})

test('a piece the catalogue has not is an error, not a page without words', async () => {
  await expect(loadPieces('de', ['src/features/no-such-page.tsx'])).rejects.toThrow(
    'no piece src/features/no-such-page.tsx in the catalogue of de',
  )
})

test('a change of language loads every piece loaded so far, then tells the screen', async () => {
  const store = new MessageStore('en')
  await store.need(CATALOGUE_PIECES)
  const heard: string[] = []
  store.subscribe(() => heard.push(store.translator.language))
  const english = store.translator
  await store.setLanguage('es')
  expect(heard).toEqual(['es'])
  expect(english.t('app.language')).toBe('Language')
  for (const piece of CATALOGUE_PIECES) {
    const spanish = await loadPieces('es', [piece])
    for (const key of Object.keys(spanish)) expect(store.translator.t(key as never)).not.toBe(key)
  }
  expect(store.translator.t('app.language')).toBe('Idioma')
})

test('a piece that arrives while the language changes is spoken in the new language too', async () => {
  const store = new MessageStore('en')
  const board = 'src/features/machines/status-board-page.tsx'
  // the piece is asked for first and the switch starts while it loads
  const needing = store.need([board])
  const switching = store.setLanguage('de')
  await Promise.all([needing, switching])
  expect(store.translator.language).toBe('de')
  const german = await loadPieces('de', [board])
  expect(store.translator.t('machines.attention.needs')).toBe(german['machines.attention.needs' as never])
  expect(store.translator.t('machines.attention.needs')).not.toBe('machines.attention.needs')
})
