import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, test } from 'vitest'
import { vendorCollectorMachineSchema, vendorCollectorSchema } from '../../src/api/contract/collector'
import { vendorDesignSchema, vendorWorkPeriodSchema } from '../../src/api/contract/design'
import { vendorMachineSchema } from '../../src/api/contract/machine'
import { VENDOR_REPORT_ROWS, vendorDesignThreadbreaksSchema } from '../../src/api/contract/report-rows'

/** The layers of src, lowest first: a file may import from its own layer and the layers below. */
const LAYERS = ['lib', 'api', 'components', 'features', 'app'] as const
const SRC = resolve(import.meta.dirname, '../../src')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.(ts|tsx)$/.test(entry.name) ? [path] : []
  })
}

const IMPORT = /(?:^|\n)\s*(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g

/** Relative imports of a file, resolved to files under src. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  const found: string[] = []
  for (const match of text.matchAll(IMPORT)) {
    const spec = match[1] ?? match[2]
    if (!spec?.startsWith('.')) continue
    const base = resolve(dirname(file), spec)
    const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]
    const target = candidates.find((c) => files.has(c))
    if (target) found.push(target)
  }
  return found
}

const files = new Set(sourceFiles(SRC))
const layerOf = (file: string) => {
  const top = relative(SRC, file).split('/')[0] ?? ''
  return LAYERS.indexOf(top as (typeof LAYERS)[number])
}

describe('imports flow one way: lib → api → components → features → app', () => {
  test('no file imports from a layer above its own', () => {
    const wrong: string[] = []
    for (const file of files) {
      const own = layerOf(file)
      if (own < 0) continue
      for (const target of importsOf(file)) {
        if (layerOf(target) > own) wrong.push(`${relative(SRC, file)} → ${relative(SRC, target)}`)
      }
    }
    expect(wrong).toEqual([])
  })

  test('no import cycle', () => {
    const graph = new Map([...files].map((f) => [f, importsOf(f)]))
    const state = new Map<string, 'open' | 'done'>()
    const cycles: string[] = []
    const visit = (file: string, path: string[]) => {
      if (state.get(file) === 'done') return
      if (state.get(file) === 'open') {
        cycles.push([...path.slice(path.indexOf(file)), file].map((f) => relative(SRC, f)).join(' → '))
        return
      }
      state.set(file, 'open')
      for (const next of graph.get(file) ?? []) visit(next, [...path, file])
      state.set(file, 'done')
    }
    for (const file of files) visit(file, [])
    expect(cycles).toEqual([])
  })

  test('the check sees the layers it checks (it would catch a wrong import)', () => {
    expect([...files].filter((f) => layerOf(f) === 0).length).toBeGreaterThan(5)
    expect(importsOf(join(SRC, 'api/machines.ts')).map((f) => relative(SRC, f))).toContain('lib/domain.ts')
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
