import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { describe, expect, test } from 'vitest'
import { importsOf, isTest, lazyImportsOf } from '../../scripts/module-imports'
import { vendorCollectorMachineSchema, vendorCollectorSchema } from '../../src/api/contract/collector'
import { vendorDesignSchema, vendorWorkPeriodSchema } from '../../src/api/contract/design'
import { vendorMachineSchema } from '../../src/api/contract/machine'
import { VENDOR_REPORT_ROWS, vendorDesignThreadbreaksSchema } from '../../src/api/contract/report-rows'
import { PAGES } from '../../src/app/pages'
import {
  ENVIRONMENT_READER,
  FEATURE_EXPORTS,
  importViolations,
  PAGE_REGISTRY,
  pageViolations,
  reachViolations,
} from './import-rules'

const ROOT = resolve(import.meta.dirname, '../..')
const SRC = join(ROOT, 'src')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.(ts|tsx|mjs)$/.test(entry.name) ? [path] : []
  })
}

/** The repository's code: the browser's and the server's, tests included (they take part in cycles). */
const tree = new Map(
  [...sourceFiles(SRC), ...sourceFiles(join(ROOT, 'server'))].map((file) => [
    relative(ROOT, file),
    readFileSync(file, 'utf8'),
  ]),
)
const files = new Set(
  [...tree.keys()].filter((f) => f.startsWith('src/') && !isTest(f)).map((f) => join(ROOT, f)),
)

/** The real tree with one more file, or one file more importing something. */
const planted = (path: string, text: string) => new Map([...tree, [path, text]])

describe('imports flow one way, in the browser code and the server', () => {
  test('the repository keeps every rule', () => {
    expect(importViolations(tree)).toEqual([])
  })

  test('the check sees what it checks', () => {
    expect([...tree.keys()].filter((f) => f.startsWith('src/lib/')).length).toBeGreaterThan(5)
    expect([...tree.keys()].filter((f) => f.startsWith('server/history/')).length).toBeGreaterThan(3)
    expect(
      importsOf('src/api/machines/machines.ts', tree.get('src/api/machines/machines.ts')!, tree).local,
    ).toContain('src/lib/domain.ts')
    for (const path of Object.keys(FEATURE_EXPORTS)) expect(tree.has(path), path).toBe(true)
  })

  test.each([
    [
      'a server file importing a feature',
      'server/alerts/planted.ts',
      "import { AlertsPage } from '../../src/features/alerts/alerts-page'\n",
      'the server uses src/lib and src/api/contract only',
    ],
    [
      'a server file importing the browser API layer',
      'server/history/planted.ts',
      "import { fetchMachines } from '../../src/api/machines/machines'\n",
      'the server uses src/lib and src/api/contract only',
    ],
    [
      'a feature importing another feature’s own file',
      'src/features/shifts/planted.tsx',
      "import { AlertsPage } from '../alerts/alerts-page'\n",
      "a feature uses another feature's own file",
    ],
    [
      'a browser file using a Node module',
      'src/lib/planted.ts',
      "import { readFileSync } from 'node:fs'\n",
      'browser code uses a Node module',
    ],
    [
      'a browser file using a Node module by its bare name',
      'src/components/planted.tsx',
      "import path from 'path'\n",
      'browser code uses a Node module',
    ],
    [
      'a lower layer importing a higher one',
      'src/lib/planted.ts',
      "import { Heatmap } from '../components/heatmap/heatmap'\n",
      'imports from a layer above its own',
    ],
    [
      'the history depending on the alerts',
      'server/history/planted.ts',
      "import type { AlertEngine } from '../alerts/engine'\n",
      'server/history may not depend on server/alerts',
    ],
    [
      'the proxy depending on the history',
      'server/proxy/planted.ts',
      "export { HistoryStore } from '../history/store'\n",
      'server/proxy may not depend on server/history',
    ],
    [
      'a server folder importing a composition root',
      'server/alerts/planted.ts',
      "import { createApp } from '../app'\n",
      'a server folder imports a composition root',
    ],
    [
      'browser code importing the server',
      'src/api/planted.ts',
      "const demo = () => import('../../server/demo/app')\n",
      'browser code reaches outside src',
    ],
  ])('fails on %s', (_, path, text, why) => {
    const found = importViolations(planted(path, text))
    expect(found).toHaveLength(1)
    expect(found[0]).toContain(path)
    expect(found[0]).toContain(why)
  })

  test('fails on an import cycle', () => {
    const found = importViolations(
      new Map([
        ...tree,
        ['src/lib/planted-a.ts', "import { b } from './planted-b'\nexport const a = 1\n"],
        ['src/lib/planted-b.ts', "import { a } from './planted-a'\nexport const b = a\n"],
      ]),
    )
    expect(found).toEqual([
      'src/lib/planted-a.ts → src/lib/planted-b.ts → src/lib/planted-a.ts: an import cycle',
    ])
  })

  test('a file of a feature listed as public may be used by another feature', () => {
    expect(
      importViolations(
        planted('src/features/machines/planted.tsx', "import { X } from '../timeline/reserve'\n"),
      ),
    ).toEqual([])
  })
})

describe('every page is written once, in the page registry (src/app/pages.ts)', () => {
  test('the repository keeps it', () => {
    expect(pageViolations(tree)).toEqual([])
  })

  test('the registry loads each of its pages by the module it names', () => {
    const loaded = lazyImportsOf(PAGE_REGISTRY, tree.get(PAGE_REGISTRY)!, tree)
    expect(loaded).toEqual(PAGES.map((page) => page.module))
  })

  test.each([
    [
      'a page under src/features the registry does not load',
      'src/features/machines/planted-page.tsx',
      'export function PlantedPage() {\n  return null\n}\n',
      'a page not in the registry',
    ],
    [
      'a page by another name the registry does not load',
      'src/features/alerts/planted.tsx',
      'export const PlantedPage = () => null\n',
      'a page not in the registry',
    ],
    [
      'a page loaded lazily outside the registry',
      'src/app/planted.tsx',
      "const Alerts = lazy(() => import('../features/alerts/alerts-page'))\n",
      'a page is loaded by the registry only',
    ],
    [
      'a page imported as code outside the registry',
      'src/app/planted.tsx',
      "import { AlertsPage } from '../features/alerts/alerts-page'\n",
      'a page is loaded by the registry only',
    ],
    [
      'a page of its own feature imported as code',
      'src/features/alerts/planted.tsx',
      "import { AlertsPage } from './alerts-page'\n",
      'a page is loaded by the registry only',
    ],
  ])('fails on %s', (_, path, text, why) => {
    const found = pageViolations(planted(path, text))
    expect(found).toHaveLength(1)
    expect(found[0]).toContain(path)
    expect(found[0]).toContain(why)
  })

  test('fails on a page taken out of the registry', () => {
    const registry = tree.get(PAGE_REGISTRY)!
    const without = registry.replace("import('../features/alerts/alerts-page')", 'Promise.reject()')
    expect(without).not.toBe(registry)
    expect(pageViolations(planted(PAGE_REGISTRY, without))).toEqual([
      `src/features/alerts/alerts-page.tsx: a page not in the registry (${PAGE_REGISTRY})`,
    ])
  })
})

describe('one file reads the environment, and src/lib stays pure', () => {
  test('the repository keeps both rules', () => {
    expect(reachViolations(tree)).toEqual([])
  })

  test('the check sees what it checks', () => {
    expect(tree.get(ENVIRONMENT_READER)).toContain('process.env')
    expect(reachViolations(new Map([[ENVIRONMENT_READER, tree.get(ENVIRONMENT_READER)!]]))).toEqual([])
  })

  test.each([
    [
      'a server file reading the environment',
      'server/history/planted.ts',
      'export const port = Number(process.env.PORT ?? 8080)\n',
      'reads the environment',
    ],
    [
      'a server entry taking a variable out of the environment',
      'server/planted-main.ts',
      'const { DATA_DIR } = process.env\nexport const dir = DATA_DIR\n',
      'reads the environment',
    ],
    [
      'a browser file reading the environment by index',
      'src/features/shifts/planted.ts',
      "export const mode = process['env'].NODE_ENV\n",
      'reads the environment',
    ],
    [
      'src/lib using the page',
      'src/lib/planted.ts',
      "export const link = () => document.createElement('a')\n",
      "uses the browser's document",
    ],
    [
      'src/lib using the window',
      'src/lib/planted.ts',
      'export const width = () => window.innerWidth\n',
      "uses the browser's window",
    ],
    [
      'src/lib using the browser’s storage',
      'src/lib/i18n/planted.ts',
      "export const chosen = () => localStorage.getItem('language')\n",
      "uses the browser's localStorage",
    ],
  ])('fails on %s', (_, path, text, why) => {
    const found = reachViolations(planted(path, text))
    expect(found).toHaveLength(1)
    expect(found[0]).toContain(path)
    expect(found[0]).toContain(why)
  })

  test('names that only look like the browser’s are not its globals', () => {
    const lib = [
      '// kept in localStorage by the page, never here',
      "export const words = { window: 'the planned window', document: 1 }",
      'export const till = (range: { window?: number }) => range.window',
    ].join('\n')
    expect(reachViolations(planted('src/lib/planted.ts', lib))).toEqual([])
  })
})

/** Every field name the vendor documents, from the contract's own schemas. */
function vendorFieldNames(): Set<string> {
  const names = new Set<string>()
  const walk = (schema: unknown) => {
    const def = (
      schema as { def?: { type?: string; shape?: object; element?: unknown; innerType?: unknown } }
    )?.def
    if (!def) return
    if (def.shape)
      for (const [key, inner] of Object.entries(def.shape)) {
        names.add(key)
        walk(inner)
      }
    if (def.element) walk(def.element)
    if (def.innerType) walk(def.innerType)
  }
  for (const schema of [
    vendorMachineSchema,
    vendorCollectorSchema,
    vendorCollectorMachineSchema,
    vendorDesignSchema,
    vendorWorkPeriodSchema,
    vendorDesignThreadbreaksSchema,
    ...Object.values(VENDOR_REPORT_ROWS),
  ])
    walk(schema)
  return names
}

/** Vendor names that are also plain words or stitchboard's own domain names (src/lib/domain.ts): a
 * feature saying `heads` or `machineId` reads stitchboard's types, not the vendor's. */
const SHARED_WITH_DOMAIN = new Set([
  'id',
  'name',
  'data',
  'key',
  'day',
  'order',
  'heads',
  'needles',
  'head',
  'needle',
  'stitch',
  'stitches',
  'threadbreaks',
  'passes',
  'pieces',
  'status',
  'rpm',
  'counter',
  'duration',
  'start',
  'stop',
  'shifts',
  'machineId',
  'machineName',
  'locationId',
  'locationName',
  'designId',
  'operatorId',
  'designStitches',
  'designName',
  'averageRpm',
  'stitchesPerMinute',
  'activeHeads',
  'shiftId',
  'shiftName',
  'timestamp',
  'pattern',
])

describe('outside src/api no app code names a vendor field', () => {
  const forbidden = [...vendorFieldNames()].filter((n) => !SHARED_WITH_DOMAIN.has(n))

  test('the list is drawn from the contract and holds the telling names', () => {
    for (const name of [
      'alias',
      'id_location',
      'status_code',
      'rotation_speed',
      'statusBreakdown',
      'tbPer10k',
    ])
      expect(forbidden).toContain(name)
  })

  test('no file under src/lib, src/components, src/features or src/app uses one as a name or string', () => {
    const found: string[] = []
    for (const file of files) {
      const layer = relative(SRC, file).split('/')[0]
      if (layer === 'api') continue
      const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '')
      for (const name of forbidden) {
        if (new RegExp(`(?<![\\w$])${name}(?![\\w$])`).test(text))
          found.push(`${relative(SRC, file)}: ${name}`)
      }
    }
    expect(found).toEqual([])
  })
})

describe('files that read in a minute', () => {
  test('no source file is over 400 lines unless its first line says why it is one piece', () => {
    const long: string[] = []
    for (const dir of ['src', 'server', 'test', 'bench', 'scripts'])
      for (const file of sourceFiles(join(ROOT, dir))) {
        const text = readFileSync(file, 'utf8')
        if (text.split('\n').length > 401 && !text.startsWith('// One piece: '))
          long.push(`${relative(ROOT, file)}: ${text.split('\n').length - 1} lines`)
      }
    expect(long).toEqual([])
  })
})
