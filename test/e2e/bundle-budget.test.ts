import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { expect, test } from 'vitest'

/** ARCHITECTURE.md: first-load JavaScript of any route ≤ 130 KB gzip. Runs after `npm run build`
 * (size is deterministic, so this is a test). A route's first load is the entry with its static
 * imports plus the route's lazy chunk with its static imports. */
const BUDGET_KIB = 130
type Manifest = Record<
  string,
  { file: string; imports?: string[]; isEntry?: boolean; isDynamicEntry?: boolean }
>
const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Manifest
const gzipKib = (file: string) => gzipSync(readFileSync(`dist/${file}`), { level: 9 }).length / 1024

function closure(key: string, files = new Set<string>()): Set<string> {
  const chunk = manifest[key]
  if (!chunk || files.has(chunk.file)) return files
  files.add(chunk.file)
  for (const imported of chunk.imports ?? []) closure(imported, files)
  return files
}

const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!
const shell = closure(entry)
const routes = Object.keys(manifest).filter(
  (key) => manifest[key]!.isDynamicEntry && key.endsWith('-page.tsx'),
)
const size = (files: Set<string>) => [...files].reduce((sum, file) => sum + gzipKib(file), 0)

test('there are lazy-loaded pages to measure', () => {
  expect(routes.length).toBeGreaterThanOrEqual(4)
})

test.each(routes.map((route) => [route]))(`first-load JavaScript of %s ≤ ${BUDGET_KIB} KiB gzip`, (route) => {
  const files = closure(route, new Set(shell))
  const kib = size(files)
  console.info(`${route}: ${kib.toFixed(1)} KiB gzip first load (shell ${size(shell).toFixed(1)} KiB)`)
  expect(kib, `${route} loads ${[...files].join(', ')}`).toBeLessThanOrEqual(BUDGET_KIB)
})
