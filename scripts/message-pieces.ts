import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { SHELL_PIECE } from '../src/components/message-pieces.ts'
import { importsOf, isTest, lazyImportsOf } from './module-imports.ts'

/** The shell's code starts here; its messages are the piece `app`, loaded before the first render. */
export const SHELL_ENTRY = 'src/app/main.tsx'

/** The source of the app (path relative to the repository → text), without its tests. */
export function appSources(root: string): Map<string, string> {
  return new Map(
    readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !isTest(file))
      .map((file) => [
        relative(root, join(root, 'src', file)),
        readFileSync(join(root, 'src', file), 'utf8'),
      ]),
  )
}

/** A piece written where it is loaded: its module's path, then its loader, `'src/…', () => import('…')`
 * (the page registry's `page(…)`, src/app/pages.ts, and `lazyPart(…)` or `withMessages(…)` beside a part's use). */
const PIECE = /'(src\/[\w/.-]+\.tsx?)',\s*\(\)\s*=>\s*import\(\s*'([^']+)'\s*\)/g

/**
 * The pieces of the app loaded on their own, each with its messages (src/components/with-messages.ts): the
 * pages of the registry and the parts of pages loaded when first shown, as their code names them, in the
 * order of their files. A piece's path that is not the module its loader imports fails the build.
 */
export function messagePieces(sources: ReadonlyMap<string, string>): string[] {
  const pieces = new Set<string>()
  for (const path of [...sources.keys()].sort())
    for (const [, piece, spec] of sources.get(path)!.matchAll(PIECE)) {
      const loaded = lazyImportsOf(path, `import('${spec}')`, sources)[0]
      if (loaded !== piece) throw new Error(`${path}: the piece ${piece} loads ${loaded ?? spec}`)
      pieces.add(piece!)
    }
  return [...pieces]
}

/**
 * The messages each piece of the app shows: the names of messages written out in the code it imports,
 * lazily too, up to the next piece imported lazily, which is loaded on its own with its messages
 * (src/components/with-messages.ts). A piece imported as code (not lazily) is part of its importer. The
 * shell's (`app`) are loaded first, so a piece's leave them out. Both the build (scripts/vite-messages.ts:
 * one file per piece and language) and the tests use this one reading.
 */
export function messagesByPiece(sources: ReadonlyMap<string, string>, names: ReadonlySet<string>) {
  const pieceList = messagePieces(sources)
  const pieces = new Set(pieceList)
  const shown = (entry: string) => {
    const seen = new Set<string>()
    const found = new Set<string>()
    const visit = (path: string) => {
      if (seen.has(path)) return
      seen.add(path)
      const text = sources.get(path) ?? ''
      for (const [, name] of text.matchAll(/'([a-zA-Z]+\.[\w.]+)'/g)) if (names.has(name!)) found.add(name!)
      const lazy = new Set(lazyImportsOf(path, text, sources))
      // a type-only import brings no code, so no messages
      const code = text.replace(/(^|\n)\s*(import|export)\s+type\s[^'"]*?from\s+['"][^'"]+['"]/g, '$1')
      for (const next of importsOf(path, code, sources).local)
        if (!(lazy.has(next) && pieces.has(next))) visit(next)
    }
    visit(entry)
    return found
  }
  const shell = shown(SHELL_ENTRY)
  const byPiece = new Map<string, string[]>([[SHELL_PIECE, [...shell].sort()]])
  for (const piece of pieceList)
    byPiece.set(piece, [...shown(piece)].filter((name) => !shell.has(name)).sort())
  return byPiece
}
