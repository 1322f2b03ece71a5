import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { MESSAGE_PIECES, SHELL_PIECE } from '../src/app/page-messages.ts'
import { importsOf, isTest } from '../test/contract/import-rules.ts'

/** The shell's code starts here; its messages are the piece `app`, loaded before the first render. */
export const SHELL_ENTRY = 'src/app/main.tsx'

/** The source of the app (path relative to the repository → text), without its tests. */
export function appSources(root: string): Map<string, string> {
  return new Map(
    readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !isTest(file))
      .map((file) => [relative(root, join(root, 'src', file)), readFileSync(join(root, 'src', file), 'utf8')]),
  )
}

/**
 * The messages each piece of the app shows: the names of messages written out in the code it imports,
 * lazily too, up to the next piece that src/app loads on its own (a page that embeds code of another page
 * shows that code's messages itself). The shell's (`app`) are loaded first, so a page's leave them out.
 * Both the build (vite.config.ts: one chunk per piece and language) and the tests use this one reading.
 */
export function messagesByPiece(sources: ReadonlyMap<string, string>, names: ReadonlySet<string>) {
  const pieces = new Set<string>(MESSAGE_PIECES)
  const shown = (entry: string) => {
    const seen = new Set<string>()
    const found = new Set<string>()
    const visit = (path: string, from: string | null) => {
      if (seen.has(path)) return
      if (path !== entry && pieces.has(path) && from?.startsWith('src/app/')) return
      seen.add(path)
      const text = sources.get(path) ?? ''
      for (const [, name] of text.matchAll(/'([a-zA-Z]+\.[\w.]+)'/g)) if (names.has(name!)) found.add(name!)
      for (const next of importsOf(path, text, sources).local) visit(next, path)
    }
    visit(entry, null)
    return found
  }
  const shell = shown(SHELL_ENTRY)
  const byPiece = new Map<string, string[]>([[SHELL_PIECE, [...shell].sort()]])
  for (const piece of MESSAGE_PIECES)
    byPiece.set(piece, [...shown(piece)].filter((name) => !shell.has(name)).sort())
  return byPiece
}
