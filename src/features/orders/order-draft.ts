import type { OrderBody } from '../../api/orders/orders'
import { clockMinutes } from '../../lib/clock'
import { localDate, localDateKey, zonedInstant } from '../../lib/factory-time'
import type { MessageKey } from '../../lib/i18n/translator'
import { MAX_ORDER_LINES, MAX_ORDER_QUANTITY, type Order, type OrderPriority } from '../../lib/orders'

/** An order as its form holds it: what was typed, before it is checked. */
export interface OrderDraft {
  reference: string
  customer: string
  /** the due day in the factory's calendar (YYYY-MM-DD) and its time (HH:MM) */
  dueDay: string
  dueTime: string
  priority: OrderPriority
  /** the machines it is meant for (none: any that sews its designs) */
  machineIds: string[]
  note: string
  lines: Array<{ id?: number; designId: string; quantity: string }>
}

export const emptyDraft = (): OrderDraft => ({
  reference: '',
  customer: '',
  dueDay: '',
  dueTime: '16:00',
  priority: 'normal',
  machineIds: [],
  note: '',
  lines: [{ designId: '', quantity: '' }],
})

/** An order's draft, to change it (its due time in the factory's zone). */
export function draftOf(order: Order, timeZone: string): OrderDraft {
  const day = localDate(Math.floor(order.dueAt / 1000), timeZone)
  const minutes = Math.round((order.dueAt - zonedInstant(day, 0, timeZone) * 1000) / 60_000)
  const clock = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
  return {
    reference: order.reference,
    customer: order.customer,
    dueDay: localDateKey(Math.floor(order.dueAt / 1000), timeZone),
    dueTime: clock,
    priority: order.priority,
    machineIds: [...order.machineIds],
    note: order.note,
    lines: order.lines.map((l) => ({ id: l.id, designId: l.designId, quantity: String(l.quantity) })),
  }
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/
const WHOLE = /^\d{1,8}$/

/** The due time of a draft (ms), or null when its day or time is not one. */
export function dueOf(draft: Pick<OrderDraft, 'dueDay' | 'dueTime'>, timeZone: string): number | null {
  const day = DAY.exec(draft.dueDay)
  const minutes = clockMinutes(draft.dueTime)
  if (!day || minutes === null) return null
  const [year, month, date] = [Number(day[1]), Number(day[2]), Number(day[3])]
  if (month < 1 || month > 12 || date < 1 || date > 31) return null
  return zonedInstant({ year, month, day: date }, minutes, timeZone) * 1000
}

/** A draft's problems, in the order of its fields; each is a message with its values. */
export type DraftProblem = { key: MessageKey; values?: Record<string, string | number> }

/** What keeps a draft from being sent; or the body to send (the person's name is added by the caller). */
export function checkDraft(
  draft: OrderDraft,
  timeZone: string,
): { ok: true; body: Omit<OrderBody, 'by'> } | { ok: false; problems: DraftProblem[] } {
  const problems: DraftProblem[] = []
  if (!draft.reference.trim()) problems.push({ key: 'orders.problem.reference' })
  if (!draft.customer.trim()) problems.push({ key: 'orders.problem.customer' })
  const due = dueOf(draft, timeZone)
  if (due === null) problems.push({ key: 'orders.problem.due' })
  if (draft.lines.length === 0) problems.push({ key: 'orders.problem.noLine' })
  if (draft.lines.length > MAX_ORDER_LINES)
    problems.push({ key: 'orders.problem.tooManyLines', values: { max: MAX_ORDER_LINES } })
  draft.lines.forEach((line, i) => {
    if (!line.designId) problems.push({ key: 'orders.problem.design', values: { line: i + 1 } })
    const quantity = line.quantity.trim()
    if (!WHOLE.test(quantity) || Number(quantity) < 1 || Number(quantity) > MAX_ORDER_QUANTITY)
      problems.push({ key: 'orders.problem.quantity', values: { line: i + 1, max: MAX_ORDER_QUANTITY } })
  })
  if (problems.length > 0 || due === null) return { ok: false, problems }
  return {
    ok: true,
    body: {
      reference: draft.reference.trim(),
      customer: draft.customer.trim(),
      dueAt: new Date(due).toISOString(),
      priority: draft.priority,
      machineIds: draft.machineIds,
      note: draft.note.trim(),
      lines: draft.lines.map((l) => ({
        ...(l.id === undefined ? {} : { id: l.id }),
        designId: l.designId,
        quantity: Number(l.quantity.trim()),
      })),
    },
  }
}
