import { roughDurationInWords } from './duration'
import type { OrderFigures } from './shift-report-figures'
import type { DocumentWords } from './shift-report-words'

/** The orders a report lists at most, finished and open each. */
export const REPORT_ORDERS = 20

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
