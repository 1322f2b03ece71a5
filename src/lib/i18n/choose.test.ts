import { describe, expect, test } from 'vitest'
import { chooseLanguage } from './choose'

describe('the language a screen speaks', () => {
  test('is the pick of this browser before a kiosk address, the factory’s default and the browser’s', () => {
    const all = { picked: 'es', kiosk: 'de', factory: 'en', browser: ['de-DE'] }
    expect(chooseLanguage(all)).toBe('es')
    expect(chooseLanguage({ ...all, picked: null })).toBe('de')
    expect(chooseLanguage({ ...all, picked: null, kiosk: null })).toBe('en')
    expect(chooseLanguage({ browser: ['fr-FR', 'es-MX', 'de'] })).toBe('es')
  })

  test('passes over what it does not speak, and is English when nothing names a language it speaks', () => {
    expect(chooseLanguage({ picked: 'tr', kiosk: 'xx', factory: 'DE' })).toBe('de')
    expect(chooseLanguage({ browser: ['tr-TR', 'ur'] })).toBe('en')
    expect(chooseLanguage({})).toBe('en')
  })
})
