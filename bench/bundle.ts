import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { pieceFile } from '../scripts/vite-messages'
import { SHELL_PIECE } from '../src/components/message-pieces'
import { LANGUAGES } from '../src/lib/i18n/translator'

/** First-load JavaScript per route, from Vite's manifest after `npm run build` (budget in docs/architecture.md:
 * ≤ 124 KiB gzip, the shell ≤ 110 KiB). A route's first load is the entry with its static imports plus the route's lazy
 * chunk (a page, or the kiosk app) with its static imports, and the messages loaded with them (the shell's
 * piece and the page's, src/components/message-pieces.ts) in the language whose are the largest. `npm run bench:bundle` prints every
 * route and every lazily loaded chunk; test/e2e/bundle-budget.test.ts enforces the budget. */
export const BUNDLE_BUDGET_KIB = 124
/** The shell's first load (the entry with its static imports and the shell's messages) does not grow. */
export const SHELL_BUDGET_KIB = 110

/** Lazily loaded pieces that are a first load of their own though not named `-page`: the kiosk's set-up
 * form (`/kiosk` without settings). */
const OTHER_FIRST_LOADS = ['src/features/kiosk/kiosk-setup.tsx']

type Manifest = Record<
  string,
  { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean; isDynamicEntry?: boolean }
>

export function bundleSizes(dist = 'dist') {
  const manifest = JSON.parse(readFileSync(`${dist}/.vite/manifest.json`, 'utf8')) as Manifest
  const gzip = new Map<string, number>()
  const gzipKib = (file: string) => {
    let kib = gzip.get(file)
    if (kib === undefined) {
      kib = gzipSync(readFileSync(`${dist}/${file}`), { level: 9 }).length / 1024
      gzip.set(file, kib)
    }
    return kib
  }
  const closure = (key: string, files = new Set<string>()): Set<string> => {
    const chunk = manifest[key]
    if (!chunk || files.has(chunk.file)) return files
    files.add(chunk.file)
    for (const imported of chunk.imports ?? []) closure(imported, files)
    return files
  }
  const size = (files: Iterable<string>) => [...files].reduce((sum, file) => sum + gzipKib(file), 0)
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry)
  if (!entry) throw new Error('no entry in the Vite manifest: run npm run build first')
  /** a language's messages of `piece` (`app` or a piece's path): its file (scripts/vite-messages.ts) */
  const folder = readdirSync(`${dist}/assets`).find((name) => name.startsWith('messages-'))
  if (!folder) throw new Error('no messages in the build: run npm run build first')
  const messages = (language: string, piece: string) => {
    const file = `assets/${folder}/${language}/${pieceFile(piece)}.json`
    if (!existsSync(`${dist}/${file}`)) throw new Error(`no ${language} messages for ${piece} in the build`)
    return [file]
  }
  /** `files` with the messages of `pieces` in the language that makes them the largest */
  const withLargest = (files: Set<string>, pieces: readonly string[]) =>
    LANGUAGES.map(
      (language) => new Set([...files, ...pieces.flatMap((piece) => messages(language, piece))]),
    ).sort((a, b) => size(b) - size(a))[0]!
  const shell = withLargest(closure(entry), [SHELL_PIECE])
  const routes = Object.keys(manifest)
    .filter(
      (key) =>
        manifest[key]?.isDynamicEntry &&
        (/^src\/(features|app)\/.*-(page|app)\.tsx$/.test(key) || OTHER_FIRST_LOADS.includes(key)),
    )
    .sort()
    .map((route) => {
      const files = withLargest(closure(route, closure(entry)), [SHELL_PIECE, route])
      return { route, kib: size(files), files: [...files] }
    })
  const firstLoaded = new Set(routes.flatMap((r) => r.files))
  const lazy = Object.values(manifest)
    .filter((chunk) => chunk.file.endsWith('.js') && !firstLoaded.has(chunk.file))
    .map((chunk) => ({ file: chunk.file, kib: gzipKib(chunk.file) }))
    .filter((chunk, i, all) => all.findIndex((c) => c.file === chunk.file) === i)
    .sort((a, b) => b.kib - a.kib)
  return { shellKib: size(shell), routes, lazy }
}

export function printBundle(sizes: ReturnType<typeof bundleSizes>) {
  console.log(`First-load JavaScript per route (gzip -9), shell ${sizes.shellKib.toFixed(1)} KiB:`)
  for (const r of sizes.routes) {
    const verdict = r.kib <= BUNDLE_BUDGET_KIB ? '' : '  OVER BUDGET'
    console.log(`  ${r.route.padEnd(52)} ${r.kib.toFixed(1).padStart(6)} KiB${verdict}`)
  }
  console.log('Loaded later, when first used:')
  for (const c of sizes.lazy) console.log(`  ${c.file.padEnd(52)} ${c.kib.toFixed(1).padStart(6)} KiB`)
  const worst = Math.max(...sizes.routes.map((r) => r.kib))
  console.log(
    `  budget: every route ≤ ${BUNDLE_BUDGET_KIB} KiB, the shell ≤ ${SHELL_BUDGET_KIB} KiB; largest ${worst.toFixed(1)} KiB`,
  )
}

if (import.meta.url === `file://${process.argv[1]}`) printBundle(bundleSizes())
