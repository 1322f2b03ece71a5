import { upperBound } from '../../src/lib/binary-search'
import { hash, random } from './random'

/** A place in a machine's head × needle grid where breaks are planted far above the even share. */
export interface HotSpot {
  head?: number // a badly set head: every needle of it
  needle?: number // a bad cone or tension on this needle position, every head
  factor: number
}

export interface DemoMachine {
  machine_id: string
  /** the display name the vendor calls `alias` */
  machine_name: string
  /** place in the company's list (the vendor's `order`) */
  order: number
  location_id: number
  location_name: string
  datacollector_id: string
  heads: number
  /** heads switched on: the first `activeHeads` heads sew; the others are off and never break */
  activeHeads: number
  needles: number
  /** the configured speed (the vendor's `rpm`); live speed varies below it */
  maxRpm: number
  /** Unix seconds the machine was first seen */
  firstSeen: number
  /** thread breaks per head per running hour, before hot spots */
  breakRate: number
  hotSpots: HotSpot[]
  /** chance per day of going silent for a while (collector or network trouble) */
  offlineChance: number
  /** cumulative break weights over (head, needle) cells, needle 0 = bobbin; see breakCell() */
  cellWeights: Float64Array
  /** break rate per running second, hot spots included */
  breaksPerSecond: number
}

export interface DemoDesign {
  id: string
  name: string
  stitches: number
  /** Unix seconds the design was added to the catalogue */
  inserted: number
}

/** Designs of the catalogue the demo machines sew; the rest of the catalogue is older designs. */
export const CATALOGUE_SIZE = 160

export interface DemoCompany {
  id: string
  name: string
  apiKey: string
  licence: string
  /** names of the configured shifts during which this company works; others are idle time */
  workingShifts: 'all' | readonly string[]
  locations: Array<{ id: number; name: string }>
  /** the vendor's numeric company ID (work periods carry it) */
  numericId: number
  collectors: Array<{ id: string; location_id: number }>
  machines: DemoMachine[]
  /** the whole catalogue; machines sew the first `activeDesigns` of it */
  designs: DemoDesign[]
  activeDesigns: number
  operators: Array<{ id: string; name: string }>
}

/** Bobbin breaks relative to one needle position (reference 4.1: needle 0 is the bobbin). */
const BOBBIN_WEIGHT = 0.9

function cellWeights(heads: number, activeHeads: number, needles: number, hotSpots: HotSpot[]): Float64Array {
  const weights = new Float64Array(heads * (needles + 1))
  let sum = 0
  for (let head = 1; head <= heads; head++) {
    for (let needle = 0; needle <= needles; needle++) {
      let w = head > activeHeads ? 0 : needle === 0 ? BOBBIN_WEIGHT : 1
      for (const spot of hotSpots) {
        const headMatch = spot.head === undefined || spot.head === head
        const needleMatch = spot.needle === undefined || spot.needle === needle
        if (headMatch && needleMatch && needle !== 0) w *= spot.factor
      }
      sum += w
      weights[(head - 1) * (needles + 1) + needle] = sum
    }
  }
  return weights
}

/** The (head, needle) of a break, drawn from the machine's cumulative cell weights with `u` ∈ [0, 1). */
export function breakCell(machine: DemoMachine, u: number): { head: number; needle: number } {
  const weights = machine.cellWeights
  const target = u * weights[weights.length - 1]!
  // the first cell whose cumulative weight passes the target (the last one for u at the very top)
  const cell = Math.min(weights.length - 1, upperBound(weights, target))
  const stride = machine.needles + 1
  return { head: Math.floor(cell / stride) + 1, needle: cell % stride }
}

const DESIGN_WORDS = [
  'Club crest',
  'Eagle logo',
  'Rose spray',
  'Fire brigade badge',
  'Alpine patch',
  'Team name arc',
  'Cap front',
  'Polo chest logo',
  'Back jacket tiger',
  'Wedding monogram',
  'Hotel towel border',
  'School shield',
  'Sailing anchor',
  'Brewery label',
  'Ski club star',
  'Police sleeve patch',
  'Hunting stag',
  'Lion rampant',
  'Company wordmark',
  'Edelweiss',
]

const OPERATORS = [
  'Anna K.',
  'Bogdan M.',
  'Chiara R.',
  'Dario P.',
  'Elif Y.',
  'Frank W.',
  'Greta S.',
  'Hamza O.',
  'Ines L.',
  'Jonas B.',
  'Katarzyna N.',
  'Luca F.',
  'Mei T.',
  'Nikola D.',
  'Olga V.',
  'Pavel H.',
]

interface CompanyPlan {
  id: string
  name: string
  apiKey: string
  licence: string
  idPrefix: string
  workingShifts: DemoCompany['workingShifts']
  locations: Array<{ id: number; name: string; short: string; collectors: string[]; machines: number }>
  /** fixed hot spots on machine number n (1-based within the company), so tests can find them */
  planted: Record<number, HotSpot[]>
}

const PLANS: CompanyPlan[] = [
  {
    id: 'a',
    name: 'Alpenstick Embroidery',
    apiKey: 'demo-key-a',
    licence: 'demo-licence-a',
    idPrefix: 'AS',
    workingShifts: 'all',
    locations: [
      { id: 1, name: 'Hall North', short: 'North', collectors: ['dc-n1', 'DC_N2'], machines: 18 },
      { id: 2, name: 'Hall South', short: 'South', collectors: ['dc-s1'], machines: 16 },
      { id: 3, name: 'Annex', short: 'Annex', collectors: ['annex.collector-7'], machines: 10 },
    ],
    planted: {
      3: [{ head: 4, needle: 7, factor: 14 }], // a worn needle
      8: [{ head: 2, factor: 5 }], // a badly timed head
      15: [{ needle: 11, factor: 4 }], // a bad cone position on every head
      27: [{ head: 6, needle: 2, factor: 12 }],
    },
  },
  {
    id: 'b',
    name: 'Baltic Badges',
    apiKey: 'demo-key-b',
    licence: 'demo-licence-b',
    idPrefix: 'BB',
    workingShifts: ['Early', 'Late'],
    locations: [
      { id: 11, name: 'Riga floor', short: 'Riga', collectors: ['RIGA-01'], machines: 8 },
      { id: 12, name: 'Tallinn floor', short: 'Tallinn', collectors: ['tln~2'], machines: 6 },
    ],
    planted: { 2: [{ head: 1, needle: 5, factor: 10 }] },
  },
  {
    // a large company, for the wall's "200 machines stay readable" (issue 20)
    id: 'c',
    name: 'Carpathia Caps',
    apiKey: 'demo-key-c',
    licence: 'demo-licence-c',
    idPrefix: 'CC',
    workingShifts: 'all',
    locations: [
      { id: 21, name: 'Hall 1', short: 'H1', collectors: ['cc-h1'], machines: 60 },
      { id: 22, name: 'Hall 2', short: 'H2', collectors: ['cc-h2'], machines: 60 },
      { id: 23, name: 'Hall 3', short: 'H3', collectors: ['cc-h3'], machines: 50 },
      { id: 24, name: 'Cap line', short: 'Caps', collectors: ['cc-caps'], machines: 30 },
    ],
    planted: { 5: [{ head: 3, needle: 8, factor: 12 }] },
  },
]

const HEAD_CHOICES = [1, 2, 4, 6, 8, 12, 15, 18, 20]
const NEEDLE_CHOICES = [9, 12, 15]

function buildCompany(plan: CompanyPlan, seed: number): DemoCompany {
  const rng = random(hash(seed, 'company', plan.id))
  const machines: DemoMachine[] = []
  let n = 0
  for (const location of plan.locations) {
    for (let i = 1; i <= location.machines; i++) {
      n++
      // the first machines cover the extremes the issue names: 1 and 20 heads, 9 and 15 needles
      const heads = n === 1 ? 1 : n === 2 ? 20 : rng.pick(HEAD_CHOICES)
      const needles = n === 1 ? 9 : n === 2 ? 15 : rng.pick(NEEDLE_CHOICES)
      const hotSpots: HotSpot[] = plan.planted[n] ?? []
      if (!plan.planted[n] && rng.next() < 0.25) {
        hotSpots.push({ head: rng.int(1, heads), needle: rng.int(1, needles), factor: rng.int(5, 9) })
      }
      // some multi-head machines run with a head or two switched off (a separate stream of chance, so
      // the rest of the factory stays as it was)
      const side = random(hash(seed, 'active-heads', plan.id, n))
      const activeHeads = heads >= 4 && side.next() < 0.25 ? heads - side.int(1, 2) : heads
      const weights = cellWeights(heads, activeHeads, needles, hotSpots)
      const evenWeight = activeHeads * (needles + BOBBIN_WEIGHT)
      const breakRate = 0.12 + rng.next() * 0.1
      const maxRpm = heads === 1 ? 1200 : heads <= 6 ? 1000 : 850
      machines.push({
        machine_id: `${plan.idPrefix}-${String(1000 + n * 37 + rng.int(0, 9)).padStart(4, '0')}`,
        machine_name: `${location.short} ${String(i).padStart(2, '0')} · ${heads}H`,
        order: n,
        location_id: location.id,
        location_name: location.name,
        datacollector_id: location.collectors[(i - 1) % location.collectors.length]!,
        heads,
        activeHeads,
        needles,
        maxRpm,
        firstSeen: Date.UTC(2024, 0, 1) / 1000 + (hash(seed, plan.id, 'installed', n) % 500) * 86_400,
        breakRate,
        hotSpots,
        offlineChance: n === 5 ? 0.9 : 0.04, // machine 5 hangs on a flaky collector link
        cellWeights: weights,
        breaksPerSecond: ((activeHeads * breakRate) / 3600) * (weights[weights.length - 1]! / evenWeight),
      })
    }
  }
  const sewn = DESIGN_WORDS.flatMap((word, i) =>
    i % 3 === 0
      ? [
          { name: word, stitches: rng.int(3, 45) * 1000 + rng.int(0, 999) },
          { name: `${word} (small)`, stitches: rng.int(2, 9) * 1000 + rng.int(0, 999) },
        ]
      : [{ name: word, stitches: rng.int(3, 45) * 1000 + rng.int(0, 999) }],
  )
  // the catalogue behind GET /designs: the designs sewn now, then older ones (more than one page of 100)
  const old = random(hash(seed, 'catalogue', plan.id))
  const catalogue = [...sewn]
  for (let i = catalogue.length; i < CATALOGUE_SIZE; i++) {
    const word = DESIGN_WORDS[i % DESIGN_WORDS.length]!
    catalogue.push({ name: `${word} ${2019 + (i % 6)}`, stitches: old.int(2, 60) * 1000 + old.int(0, 999) })
  }
  const designs: DemoDesign[] = catalogue.map((d, i) => ({
    ...d,
    id: `${plan.idPrefix}D${String(1001 + i)}`,
    // newest first in the catalogue's history: the designs sewn now were added last
    inserted: Date.UTC(2026, 9, 1) / 1000 - (i < sewn.length ? 0 : (i - sewn.length + 1) * 5 * 86_400),
  }))
  return {
    id: plan.id,
    name: plan.name,
    apiKey: plan.apiKey,
    licence: plan.licence,
    workingShifts: plan.workingShifts,
    numericId: PLANS.indexOf(plan) + 1,
    locations: plan.locations.map(({ id, name }) => ({ id, name })),
    collectors: plan.locations.flatMap((l) => l.collectors.map((id) => ({ id, location_id: l.id }))),
    machines,
    designs,
    activeDesigns: sewn.length,
    operators: OPERATORS.flatMap((name, i) =>
      hash(seed, plan.id, i) % 4 !== 0 ? [{ id: `OP${String(i + 1).padStart(3, '0')}`, name }] : [],
    ),
  }
}

export function demoCompanies(seed: number): DemoCompany[] {
  return PLANS.map((plan) => buildCompany(plan, seed))
}

/** The location names of the demo company behind a key: in demo mode they stand in for the LOCATIONS a
 * factory would set (the vendor's machine records carry only location IDs). */
export function demoLocations(apiKey: string): Array<{ id: number; name: string }> {
  const plan = PLANS.find((p) => p.apiKey === apiKey)
  return plan ? plan.locations.map(({ id, name }) => ({ id, name })) : []
}
