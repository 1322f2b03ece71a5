import { useT } from '../../components/i18n'
import { ScrollArea } from '../../components/scroll-area'
import { Button } from '../../components/ui/button'
import { formatFactoryDate, formatFactoryTime } from '../../lib/factory-time'
import type { OrderFinish } from '../../lib/order-finish'
import { type Order, orderProgress } from '../../lib/orders'
import { FinishWords } from './order-finish'
import { PRIORITY_WORDS } from './order-words'

const CELL = 'px-2 py-1 text-left align-top'

interface OrdersProps {
  orders: readonly Order[]
  /** the open orders' expected finishes, by order */
  finishes: ReadonlyMap<number, OrderFinish>
  /** Unix ms */
  now: number
  timeZone: string
  designName: (id: string) => string
  canChange: boolean
  /** whether the asker may correct a count */
  canCorrect: boolean
  onEdit: (order: Order) => void
  onCorrect: (order: Order) => void
}

/** The words an order's row and card share: its due time, its state, and its actions. */
function useOrderWords({ now, timeZone, finishes, canChange, canCorrect, onEdit, onCorrect }: OrdersProps) {
  const { t } = useT()
  const when = (at: number) =>
    t('orders.when', { date: formatFactoryDate(at, timeZone), time: formatFactoryTime(at, timeZone, false) })
  const finish = (order: Order, designName: (id: string) => string) => (
    <FinishWords
      order={order}
      finish={finishes.get(order.id)}
      now={now}
      timeZone={timeZone}
      designName={designName}
    />
  )
  const actions = (order: Order) => (
    <>
      {canChange && (
        <Button
          onClick={() => onEdit(order)}
          aria-label={t('orders.editNamed', { reference: order.reference })}
        >
          {t('orders.edit')}
        </Button>
      )}{' '}
      {canCorrect && (
        <Button
          onClick={() => onCorrect(order)}
          aria-label={t('orders.correctNamed', { reference: order.reference })}
        >
          {t('orders.correct.open')}
        </Button>
      )}
    </>
  )
  return { t, when, finish, actions }
}

/** On a phone: the orders as cards, due first, each with its state and pieces before anything else. */
export function OrderCards(props: OrdersProps) {
  const { t, when, finish, actions } = useOrderWords(props)
  return (
    <ul aria-label={t('orders.list.label')} className="space-y-3">
      {props.orders.map((order) => {
        const { made, quantity } = orderProgress(order)
        return (
          <li key={order.id} className="space-y-1 rounded border border-gray-300 p-3 dark:border-gray-700">
            <p className="font-semibold">{order.reference}</p>
            {finish(order, props.designName)}
            <p>
              {order.customer} · {when(order.dueAt)}
            </p>
            <p>{t('orders.progress', { made, quantity })}</p>
            <ul className="text-sm">
              {order.lines.map((line) => (
                <li key={line.id}>
                  {t('orders.lineProgress', {
                    design: props.designName(line.designId),
                    made: line.made,
                    quantity: line.quantity,
                  })}
                </li>
              ))}
            </ul>
            <div className="flex flex-wrap gap-2 pt-1">{actions(order)}</div>
          </li>
        )
      })}
    </ul>
  )
}

/** The orders, due first: each with its lines' pieces made of pieces ordered, and what may be done to it. */
export function OrderTable(props: OrdersProps) {
  const { orders, designName } = props
  const { t, when, finish, actions } = useOrderWords(props)
  return (
    <ScrollArea label={t('orders.list.label')}>
      <table className="min-w-full text-sm">
        <caption className="sr-only">{t('orders.list.label')}</caption>
        <thead>
          <tr className="border-b border-gray-300 dark:border-gray-700">
            <th scope="col" className={CELL}>
              {t('orders.col.reference')}
            </th>
            <th scope="col" className={CELL}>
              {t('orders.col.customer')}
            </th>
            <th scope="col" className={CELL}>
              {t('orders.col.due')}
            </th>
            <th scope="col" className={CELL}>
              {t('orders.col.progress')}
            </th>
            <th scope="col" className={CELL}>
              {t('orders.col.lines')}
            </th>
            <th scope="col" className={CELL}>
              {t('orders.col.finish')}
            </th>
            <th scope="col" className={CELL}>
              <span className="sr-only">{t('orders.col.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => {
            const { made, quantity } = orderProgress(order)
            return (
              <tr key={order.id} className="border-b border-gray-200 dark:border-gray-800">
                <th scope="row" className={`${CELL} font-semibold`}>
                  {/* a reference reads as one word (PO-24117 broken at its hyphen reads as two) */}
                  <span className="whitespace-nowrap">{order.reference}</span>
                  {order.priority !== 'normal' && (
                    <span className="block text-xs font-normal">{t(PRIORITY_WORDS[order.priority])}</span>
                  )}
                </th>
                <td className={CELL}>{order.customer}</td>
                <td className={CELL}>{when(order.dueAt)}</td>
                <td className={CELL}>
                  <progress
                    className="block h-2 w-28 overflow-hidden rounded [&::-moz-progress-bar]:bg-gray-800 [&::-webkit-progress-bar]:bg-gray-200 [&::-webkit-progress-value]:bg-gray-800 dark:[&::-webkit-progress-bar]:bg-gray-700 dark:[&::-webkit-progress-value]:bg-gray-200"
                    max={quantity}
                    value={made}
                    aria-hidden="true"
                  />
                  {t('orders.progress', { made, quantity })}
                </td>
                <td className={CELL}>
                  <ul>
                    {order.lines.map((line) => (
                      <li key={line.id}>
                        {t('orders.lineProgress', {
                          design: designName(line.designId),
                          made: line.made,
                          quantity: line.quantity,
                        })}
                      </li>
                    ))}
                  </ul>
                </td>
                <td className={CELL}>{finish(order, designName)}</td>
                <td className={`${CELL} whitespace-nowrap`}>{actions(order)}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </ScrollArea>
  )
}
