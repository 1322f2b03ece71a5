import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { expect, test } from 'vitest'
import { PAGE_MESSAGES } from '../../src/app/page-messages'
import { importsOf, isTest } from './import-rules'

/**
 * Each piece of the app loads the parts of the catalogue it shows with its code (src/app/page-messages.ts):
 * the shell (src/app/main.tsx) the part `app`, every lazily loaded page its own. A piece's messages are the
 * names written out in the code it imports, lazily too, up to the next piece loaded on its own.
 */
const ROOT = resolve(import.meta.dirname, '../..')
const tree = new Map(
  readdirSync(join(ROOT, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !isTest(file))
    .map((file) => [relative(ROOT, join(ROOT, 'src', file)), readFileSync(join(ROOT, 'src', file), 'utf8')]),
)
const english = JSON.parse(readFileSync(join(ROOT, 'src/lib/i18n/locales/en.json'), 'utf8')) as object
const KEYS = new Set(Object.keys(english))
const pieces = new Set<string>(Object.keys(PAGE_MESSAGES))

/** The parts of the messages the code from `entry` shows, up to the next piece the app loads on its own
 * (src/app loads pieces with their messages; a page that embeds another page's code loads its parts). */
function partsShown(entry: string): string[] {
  const seen = new Set<string>()
  const parts = new Set<string>()
  const visit = (path: string, from: string | null) => {
    if (seen.has(path)) return
    if (path !== entry && pieces.has(path) && from?.startsWith('src/app/')) return
    seen.add(path)
    const text = tree.get(path) ?? ''
    for (const [, name] of text.matchAll(/'([a-zA-Z]+\.[\w.]+)'/g))
      if (KEYS.has(name!)) parts.add(name!.split('.')[0]!)
    for (const next of importsOf(path, text, tree).local) visit(next, path)
  }
  visit(entry, null)
  return [...parts].sort()
}

test('the shell shows messages of the part it loads before the first render, and no other', () => {
  expect(partsShown('src/app/main.tsx')).toEqual(['app'])
})

test.each(Object.entries(PAGE_MESSAGES))('%s loads the parts it shows', (path, parts) => {
  expect(tree.has(path)).toBe(true)
  expect(partsShown(path).filter((part) => part !== 'app')).toEqual([...parts].sort())
})
