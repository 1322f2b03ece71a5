import { roughDurationInWords } from './duration'
import { headsInText, type IntervalKind, WHOLE_KINDS } from './maintenance'
import type { MaintenanceFigures, OrderFigures } from './shift-report-figures'
import type { DocumentWords } from './shift-report-words'

/** The orders a report lists at most, finished and open each; and the maintenance tasks, done and overdue. */
export const REPORT_ORDERS = 20
export const REPORT_TASKS = 20

/**
 * The shift report's orders (issue 52): the orders finished within the shift, with whether each was in
 * time, and the open orders late or at risk when the report was built, most pressing first. `when`
 * writes an instant as the rest of the report does.
 */
export function ordersSection(
  orders: OrderFigures | null,
  words: Pick<DocumentWords, 't' | 'number'>,
  when: (at: number) => string,
) {
  const { t, number } = words
  const about = (ms: number) => roughDurationInWords(Math.abs(ms) / 1000)
  if (orders === null)
    return {
      id: 'orders',
      title: t('shiftReports.orders'),
      facts: [],
      tables: [],
      paragraphs: [t('shiftReports.ordersUnknown')],
    }
  const columns = [t('shiftReports.col.order'), t('shiftReports.col.customer'), t('shiftReports.col.due')]
  return {
    id: 'orders',
    title: t('shiftReports.orders'),
    facts: [],
    paragraphs: [
      t('shiftReports.ordersFinished', {
        count: orders.finishedCount,
        total: number(orders.finishedCount),
        late: number(orders.finishedLate),
      }),
      t('shiftReports.ordersOpen', { count: orders.openCount }),
    ],
    tables: [
      ...(orders.finished.length > 0
        ? [
            {
              id: 'orders-finished',
              caption: t('shiftReports.ordersFinishedCaption'),
              columns: [...columns, t('shiftReports.col.done')],
              rows: orders.finished.map((o) => [
                o.reference,
                o.customer,
                when(o.dueAt),
                o.doneAt > o.dueAt
                  ? t('shiftReports.orderDoneLate', { when: when(o.doneAt), late: about(o.doneAt - o.dueAt) })
                  : when(o.doneAt),
              ]),
            },
          ]
        : []),
      ...(orders.open.length > 0
        ? [
            {
              id: 'orders-open',
              caption: t('shiftReports.ordersOpenCaption'),
              columns: [...columns, t('shiftReports.col.orderState')],
              rows: orders.open.map((o) => [
                o.reference,
                o.customer,
                when(o.dueAt),
                o.late
                  ? t('shiftReports.orderLate', { late: about(o.marginMs) })
                  : t('shiftReports.orderAtRisk', { spare: about(o.marginMs) }),
              ]),
            },
          ]
        : []),
    ],
  }
}

/**
 * The shift report's maintenance (issue 53): the tasks signed off within the shift, and those overdue when
 * the report was built, the most overdue first, each with its use against its interval.
 */
export function maintenanceSection(
  maintenance: MaintenanceFigures | null,
  words: Pick<DocumentWords, 't' | 'number'>,
  when: (at: number) => string,
) {
  const { t, number } = words
  if (maintenance === null)
    return {
      id: 'maintenance',
      title: t('shiftReports.maintenance'),
      facts: [],
      tables: [],
      paragraphs: [t('shiftReports.maintenanceUnknown')],
    }
  const machine = (m: { machine: string; heads: string | null }) =>
    m.heads === null
      ? m.machine
      : t('shiftReports.maintenanceHeads', {
          machine: m.machine,
          heads: m.heads,
          count: headsInText(m.heads),
        })
  const amount = (kind: IntervalKind, value: number) =>
    WHOLE_KINDS.has(kind) ? number(Math.round(value)) : number(Math.round(value * 10) / 10)
  const unit = (kind: IntervalKind) =>
    kind === 'hours'
      ? t('shiftReports.maintenanceHours')
      : kind === 'stitches'
        ? t('shiftReports.maintenanceStitches')
        : kind === 'breaks'
          ? t('shiftReports.maintenanceBreaks')
          : t('shiftReports.maintenanceDays')
  return {
    id: 'maintenance',
    title: t('shiftReports.maintenance'),
    facts: [],
    paragraphs: [
      t('shiftReports.maintenanceDone', { count: maintenance.doneCount }),
      t('shiftReports.maintenanceOverdue', { count: maintenance.overdueCount }),
    ],
    tables: [
      ...(maintenance.done.length > 0
        ? [
            {
              id: 'maintenance-done',
              caption: t('shiftReports.maintenanceDoneCaption'),
              columns: [
                t('shiftReports.col.task'),
                t('shiftReports.col.machine'),
                t('shiftReports.col.done'),
                t('shiftReports.col.by'),
              ],
              rows: maintenance.done.map((d) => [d.task, machine(d), when(d.at), d.by]),
            },
          ]
        : []),
      ...(maintenance.overdue.length > 0
        ? [
            {
              id: 'maintenance-overdue',
              caption: t('shiftReports.maintenanceOverdueCaption'),
              columns: [t('shiftReports.col.task'), t('shiftReports.col.machine'), t('shiftReports.col.use')],
              rows: maintenance.overdue.map((o) => [
                o.task,
                machine(o),
                t('shiftReports.maintenanceUse', {
                  used: amount(o.kind, o.used),
                  interval: amount(o.kind, o.interval),
                  unit: unit(o.kind),
                }),
              ]),
            },
          ]
        : []),
    ],
  }
}
