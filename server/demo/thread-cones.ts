import { hash, random } from './random'

/** A colour exactly as a series stores it (reference 2.5): which keys exist matters (a missing
 * ColorName differs from an empty one), and Index may be stored as a string. */
export type StoredColor = {
  Index: number | string
  ColorNumber: string
  R: number
  G: number
  B: number
  ColorName?: string
  ScanCode?: number
}

export interface ConeSeries {
  id: string
  manufacturer: string
  weight: number
  colors: StoredColor[]
  /** listed by the service, but its data file cannot be read (reference 7: "GetThreadCone: …") */
  unreadable?: boolean
}

const FAMILIES = [
  ['Red', 0],
  ['Coral', 12],
  ['Orange', 28],
  ['Amber', 40],
  ['Gold', 48],
  ['Lemon', 58],
  ['Lime', 85],
  ['Green', 125],
  ['Jade', 155],
  ['Teal', 178],
  ['Sky', 200],
  ['Blue', 220],
  ['Navy', 232],
  ['Violet', 270],
  ['Plum', 295],
  ['Magenta', 320],
  ['Rose', 342],
] as const
const TONES = ['Pale', 'Light', '', 'Deep', 'Dark']

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const k = (n: number) => (n + h / 30) % 12
  const a = s * Math.min(l, 1 - l)
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)))
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)]
}

interface SeriesPlan {
  id: string
  manufacturer: string
  weight: number
  count: number
  number: (i: number) => string
  indexAsString?: boolean
  name?: 'always' | 'sometimes-missing' | 'often-empty'
  scanCode?: (i: number) => number | undefined
}

const PLANS: SeriesPlan[] = [
  {
    id: 'NFP-40',
    manufacturer: 'Nordfaden',
    weight: 40,
    count: 300,
    number: (i) => String(1001 + i * 3),
    name: 'always',
    // every cone has a 12-digit scan code; the last one is the largest there is
    scanCode: (i) => (i === 299 ? 999_999_999_999 : 400_000_000_000 + i * 7919),
  },
  {
    id: 'nf_rayon40',
    manufacturer: 'Nordfaden',
    weight: 40,
    count: 262,
    // zero-padded numbers, and two unpadded ones next to their padded twins (rule 3)
    number: (i) => (i === 260 ? '12' : i === 261 ? '7' : String(i + 1).padStart(4, '0')),
    name: 'always',
  },
  {
    id: 'LUMEN Classic 40 v2',
    manufacturer: 'Lumen Threads',
    weight: 40,
    count: 280,
    // letters in numbers, in mixed case (matched case-insensitively)
    number: (i) => `${'ABCDEFG'[i % 7]}${100 + i}`.replace(/^([ACE])/, (c) => (i % 2 ? c.toLowerCase() : c)),
    indexAsString: true,
    name: 'sometimes-missing',
  },
  {
    id: 'lm.metallic~30',
    manufacturer: 'Lumen Threads',
    weight: 30,
    count: 200,
    number: (i) => `M-${2000 + i}`,
    name: 'often-empty',
    scanCode: (i) => (i % 3 === 0 ? 710_000_000_000 + i * 104_729 : undefined),
  },
  {
    id: '7713',
    manufacturer: 'Sakura Ito',
    weight: 60,
    count: 260,
    // "2040" appears twice: the first one is returned (rule 4)
    number: (i) => (i === 130 ? '2040' : String(2000 + i)),
    name: 'always',
    scanCode: (i) => (i % 2 === 0 ? 123_400_000_000 + i : undefined),
  },
  {
    id: 'SK Cotton 30 (2024)',
    manufacturer: 'Sakura Ito',
    weight: 30,
    count: 240,
    number: (i) => `C${String(i + 1).padStart(3, '0')}`,
    indexAsString: true,
    name: 'always',
  },
]

function buildSeries(plan: SeriesPlan, seed: number): ConeSeries {
  const rng = random(hash(seed, 'cones', plan.id))
  const colors: StoredColor[] = []
  for (let i = 0; i < plan.count; i++) {
    const family = FAMILIES[i % FAMILIES.length]!
    const toneIndex = Math.floor(i / FAMILIES.length) % TONES.length
    const grey = i % 23 === 22
    const hue = (family[1] + rng.int(-8, 8) + 360) % 360
    const light =
      0.18 + 0.64 * ((TONES.length - 1 - toneIndex) / (TONES.length - 1)) + (rng.next() - 0.5) * 0.08
    const [R, G, B] = hslToRgb(
      hue,
      grey ? 0.02 : 0.45 + rng.next() * 0.5,
      Math.min(0.95, Math.max(0.05, light)),
    )
    const tone = TONES[toneIndex]
    const name = grey ? `Grey ${i}` : `${tone ? `${tone} ` : ''}${family[0]} ${Math.floor(i / 85) + 1}`
    const color: StoredColor = {
      Index: plan.indexAsString ? String(i + 1) : i + 1,
      ColorNumber: plan.number(i),
      R,
      G,
      B,
    }
    if (plan.name === 'always' || (plan.name === 'sometimes-missing' && i % 5 !== 0)) color.ColorName = name
    if (plan.name === 'often-empty') {
      if (i % 3 === 1) color.ColorName = ''
      else if (i % 3 === 2) color.ColorName = name
    }
    const scanCode = plan.scanCode?.(i)
    if (scanCode !== undefined) color.ScanCode = scanCode
    colors.push(color)
  }
  return { id: plan.id, manufacturer: plan.manufacturer, weight: plan.weight, colors }
}

export interface Catalogue {
  manufacturers: string[]
  series: ConeSeries[]
}

export function demoCatalogue(seed: number): Catalogue {
  const series = PLANS.map((plan) => buildSeries(plan, seed))
  series.push({ id: 'SK-ARCHIV-2019', manufacturer: 'Sakura Ito', weight: 40, colors: [], unreadable: true })
  return { manufacturers: [...new Set(series.map((s) => s.manufacturer))], series }
}
