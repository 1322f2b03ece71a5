import { dirname, join, posix } from 'node:path'

/**
 * How the repository's modules name each other, read from their text: one reading for the build (the
 * message pieces, scripts/message-pieces.ts) and the architecture test (test/contract/import-rules.ts).
 */
const IMPORT =
  /(?:^|\n)\s*(?:import|export)(?:\s+type)?[^'"]*?from\s+['"]([^'"]+)['"]|(?:^|\n)\s*import\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g

export const isTest = (path: string) => /\.test\.(ts|tsx)$/.test(path)

/** Every module a file names: relative ones resolved to files of the set, the rest as written. */
export function importsOf(
  path: string,
  text: string,
  files: ReadonlyMap<string, string>,
): { local: string[]; bare: string[] } {
  const local: string[] = []
  const bare: string[] = []
  const code = text.replace(/\/\*[\s\S]*?\*\/|(^|[^:'"`])\/\/.*$/gm, '$1')
  for (const match of code.matchAll(IMPORT)) {
    const spec = match[1] ?? match[2] ?? match[3]
    if (!spec) continue
    if (!spec.startsWith('.')) {
      bare.push(spec)
      continue
    }
    const base = posix.normalize(join(dirname(path), spec))
    const target = [base, `${base}.ts`, `${base}.tsx`, `${base}.mjs`, join(base, 'index.ts')].find((c) =>
      files.has(c),
    )
    if (target) local.push(target)
  }
  return { local, bare }
}

/** The modules a file imports lazily, `import('…')`, resolved as importsOf resolves them. */
export function lazyImportsOf(path: string, text: string, files: ReadonlyMap<string, string>): string[] {
  const lazy = [...text.matchAll(/import\(\s*(['"][^'"]+['"])\s*\)/g)].map((match) => `import(${match[1]})`)
  return importsOf(path, lazy.join('\n'), files).local
}
