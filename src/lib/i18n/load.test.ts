import { expect, test } from 'vitest'
import { loadTranslator } from './load'

test('a language’s catalogue arrives compiled, in a chunk of its own, and speaks by its rules', async () => {
  const german = await loadTranslator('de')
  expect(german.t('machine.threadBreaks', { count: 2500 })).toBe('2.500 Fadenbrüche')
  const spanish = await loadTranslator('es')
  expect(spanish.t('machine.threadBreaks', { count: 1 })).toBe('1 rotura de hilo')
})
