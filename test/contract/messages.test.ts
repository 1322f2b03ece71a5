import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { expect, test } from 'vitest'
import { appSources, messagePieces, messagesByPiece } from '../../scripts/message-pieces'
import { lazyImportsOf } from '../../scripts/module-imports'
import { PAGES } from '../../src/app/pages'
import { SHELL_PIECE } from '../../src/components/message-pieces'

/**
 * Each piece of the app loads the messages it shows with its code: the shell (src/app/main.tsx) the piece
 * `app` before the first render, every lazily loaded piece its own (src/components/with-messages.ts). A piece's
 * messages are the names written out in the code it imports, lazily too, up to the next piece loaded on
 * its own (scripts/message-pieces.ts, which the build uses to cut the catalogues).
 */
const ROOT = resolve(import.meta.dirname, '../..')
const sources = appSources(ROOT)
const english = JSON.parse(readFileSync(join(ROOT, 'src/lib/i18n/locales/en.json'), 'utf8')) as object
const pieces = messagesByPiece(sources, new Set(Object.keys(english)))
const MESSAGE_PIECES = messagePieces(sources)

test('every piece the app loads on its own is a file, loaded with its messages by its path', () => {
  // every page of the registry, and the parts of pages, the wall, the alert bar and the kiosk's set-up
  for (const page of PAGES) expect(MESSAGE_PIECES).toContain(page.module)
  for (const part of [
    'src/app/kiosk/kiosk-app.tsx',
    'src/features/kiosk/kiosk-setup.tsx',
    'src/features/alerts/alert-bar.tsx',
    'src/features/machines/wall-board.tsx',
    'src/features/plan/targets-page.tsx',
    'src/features/threadbreaks/export.ts',
    'src/components/report-table/report-table.tsx',
  ])
    expect(MESSAGE_PIECES).toContain(part)
  for (const piece of MESSAGE_PIECES) expect(sources.has(piece)).toBe(true)
  expect(MESSAGE_PIECES).toHaveLength(61)
})

test('a piece named beside a loader of another module fails the build', () => {
  const planted = new Map(sources)
  planted.set(
    'src/features/machines/planted.tsx',
    "const Wrong = lazyPart('src/features/machines/wall-board.tsx', () => import('./machine-page'), (m) => m.MachinePage)",
  )
  expect(() => messagePieces(planted)).toThrow(
    'src/features/machines/planted.tsx: the piece src/features/machines/wall-board.tsx loads src/features/machines/machine-page.tsx',
  )
})

test('a piece imported lazily is loaded with its messages wherever it is imported', () => {
  const pieceSet = new Set<string>(MESSAGE_PIECES)
  const bare: string[] = []
  for (const [path, text] of sources)
    for (const target of lazyImportsOf(path, text, sources))
      if (pieceSet.has(target) && !new RegExp(`'${target}',\\s*\\(\\)\\s*=>\\s*import\\(`).test(text))
        bare.push(`${path} → ${target}`)
  expect(bare).toEqual([])
})

test('the shell loads its own messages; a page has the messages its code and what it embeds name', () => {
  expect(pieces.get(SHELL_PIECE)).toContain('app.nav.machines')
  expect(pieces.get(SHELL_PIECE)).not.toContain('machines.attention.needs')
  // the status board names it; the shell does not, so the board's piece brings it
  expect(pieces.get('src/features/machines/status-board-page.tsx')).toContain('machines.attention.needs')
  // the shift page loads the stops page's analysis as a piece of its own: not its messages again
  const stops = pieces.get('src/features/timeline/stops-page.tsx')!
  const shifts = pieces.get('src/features/shifts/shifts-page.tsx')!
  expect(stops).toContain('timeline.analysis.runningTotal')
  expect(shifts).not.toContain('timeline.analysis.runningTotal')
  // a page never brings the shell's messages again
  const shell = new Set(pieces.get(SHELL_PIECE))
  for (const piece of MESSAGE_PIECES) expect(pieces.get(piece)!.filter((name) => shell.has(name))).toEqual([])
})

test('a message named only in code the app does not import belongs to no piece', () => {
  const planted = new Map(sources)
  planted.set('src/features/machines/orphan.tsx', "t('machines.attention.needs')")
  const names = new Set(Object.keys(english))
  const before = messagesByPiece(sources, names)
  const after = messagesByPiece(planted, names)
  expect([...after]).toEqual([...before])
  // and once the board imports it, the board's piece has it
  const board = 'src/features/machines/status-board-page.tsx'
  planted.set(board, `import './orphan'\n${sources.get(board)}`)
  planted.set('src/features/machines/orphan.tsx', "t('machines.attention.needsFor')")
  const boardNames = messagesByPiece(planted, names).get(board)!
  expect(boardNames).toContain('machines.attention.needsFor')
})
