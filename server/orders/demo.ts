import { piecesMadeOf } from '../../src/api/contract/to-domain'
import type { OrderPriority } from '../../src/lib/orders'
import type { OrderStore } from './store'

const HOUR = 3_600_000
/** The demo's orders were entered this long before its first start: their pieces are the machines' since. */
const ENTERED_HOURS = 30

/** A contract embroiderer's customers, each with what it orders (the demo catalogue's designs by name). */
const BOOK: ReadonlyArray<{
  customer: string
  reference: string
  note: string
  priority: OrderPriority
  /** what the order is, against what its designs' machines made since it was entered */
  kind: 'done' | 'at risk' | 'on track' | 'later'
  /** due, in hours from the first start */
  dueHours: number
}> = [
  {
    customer: 'FC Heimat 1920',
    reference: 'PO-24117',
    note: 'Caps, navy',
    priority: 'high',
    kind: 'at risk',
    dueHours: 4,
  },
  {
    customer: 'Hotel Adler',
    reference: 'PO-24102',
    note: 'Towels, white',
    priority: 'normal',
    kind: 'done',
    dueHours: -6,
  },
  {
    customer: 'Brauerei Kurz',
    reference: 'PO-24121',
    note: 'Polos, bottle green',
    priority: 'normal',
    kind: 'on track',
    dueHours: 28,
  },
  {
    customer: 'Feuerwehr Hallbach',
    reference: 'PO-24125',
    note: 'Patches, round',
    priority: 'normal',
    kind: 'on track',
    dueHours: 30,
  },
  {
    customer: 'Skiclub Arlberg',
    reference: 'PO-24130',
    note: 'Jackets, back',
    priority: 'low',
    kind: 'later',
    dueHours: 96,
  },
  {
    customer: 'Landespolizei',
    reference: 'PO-24133',
    note: 'Sleeve patches',
    priority: 'normal',
    kind: 'later',
    dueHours: 120,
  },
]

/** Each order's quantity against the pieces its design was made in since the order was entered. */
const quantityOf = (kind: (typeof BOOK)[number]['kind'], made: number) =>
  Math.max(
    12,
    Math.round(
      kind === 'done'
        ? made * 0.7
        : kind === 'at risk'
          ? made * 1.8
          : kind === 'on track'
            ? made * 1.25
            : 600,
    ),
  )

/**
 * The demo factory's order book, once, at its first start: orders for caps, towels, polos, patches and
 * jackets, entered 30 hours before, of the designs its machines sewed most since (so their pieces are the
 * machines' own): one done, one at risk (due in 4 hours with much still to make), two on track and two
 * due later that nothing was made of yet. The count of the machines' pieces starts where they were entered.
 */
export async function seedDemoOrders(
  store: OrderStore,
  upstreamJson: (path: string) => Promise<unknown>,
  /** the designs the production API knows (server/orders/designs.ts) */
  designs: () => Promise<ReadonlyMap<string, number | null> | string>,
  now: number,
): Promise<void> {
  if ((await store.list(0)).length > 0) return
  const entered = Math.floor((now - ENTERED_HOURS * HOUR) / 1000) * 1000
  const { made } = piecesMadeOf(
    await upstreamJson(
      `/reports/number-of-pieces?from=${entered / 1000}&till=${Math.floor(now / 1000)}&machineIds=all`,
    ),
  )
  const byDesign = new Map<string, number>()
  for (const m of made) byDesign.set(m.designId, (byDesign.get(m.designId) ?? 0) + m.pieces)
  const sewn = [...byDesign].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
  if (sewn.length < 4) return
  const known = await designs()
  // designs of the catalogue no machine made in the span (the orders due later)
  const idle = (typeof known === 'string' ? [] : [...known.keys()].filter((id) => !byDesign.has(id))).slice(
    0,
    2,
  )
  let next = 0
  for (const order of BOOK) {
    const [designId, pieces] =
      order.kind === 'later' ? [idle.shift() ?? sewn.at(-1)![0], 0] : (sewn[next++] ?? sewn.at(-1)!)
    await store.create(
      {
        reference: order.reference,
        customer: order.customer,
        dueAt: Math.round((now + order.dueHours * HOUR) / HOUR) * HOUR,
        priority: order.priority,
        machineIds: [],
        note: order.note,
        lines: [{ designId, quantity: quantityOf(order.kind, pieces) }],
      },
      'Marta (demo)',
      entered,
    )
  }
  await store.startCountAt(entered)
}
