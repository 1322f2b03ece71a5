import { useQuery } from '@tanstack/react-query'
import { Suspense, useState } from 'react'
import { useSearchParams } from 'react-router'
import { useFactoryZone } from '../../api/core/app-config'
import { designLabel, useDesigns } from '../../api/machines/designs'
import { useLocations } from '../../api/machines/locations'
import { useMachines } from '../../api/machines/machines'
import { ordersQueryOptions } from '../../api/orders/orders'
import { FoldOnPhone, usePhone } from '../../components/fold-on-phone'
import { HowComputed } from '../../components/how-computed'
import { useT } from '../../components/i18n'
import { useKiosk } from '../../components/kiosk/kiosk-context'
import { useNow } from '../../components/now'
import { QueryState } from '../../components/query-state'
import { Button } from '../../components/ui/button'
import { CheckboxField } from '../../components/ui/checkbox-field'
import { SelectField } from '../../components/ui/select-field'
import { lazyPart } from '../../components/with-messages'
import { localDateKey } from '../../lib/factory-time'
import type { Order } from '../../lib/orders'
import { draftOf, emptyDraft } from './order-draft'
import { urgency } from './order-finish'
import { OrderCards, OrderTable } from './order-table'

// the form, the count's correction, the CSV import and the wall's view: loaded when first shown, with
// their messages (the list is what most people open the page for)
const OrderForm = lazyPart(
  'src/features/orders/order-form.tsx',
  () => import('./order-form'),
  (module) => module.OrderForm,
)
const CorrectCount = lazyPart(
  'src/features/orders/correct-count.tsx',
  () => import('./correct-count'),
  (module) => module.CorrectCount,
)
const OrderImport = lazyPart(
  'src/features/orders/order-import.tsx',
  () => import('./order-import'),
  (module) => module.OrderImport,
)
const OrdersWall = lazyPart(
  'src/features/orders/orders-wall.tsx',
  () => import('./orders-wall'),
  (module) => module.OrdersWall,
)

type Editing = { kind: 'new' } | { kind: 'change'; order: Order } | { kind: 'import' } | null

/** /orders: the order book, due first: each order's pieces counted from the machines, a new order, a
 * change of one, and a correction of a count. */
export function OrdersPage() {
  return useKiosk().on ? (
    <Suspense fallback={null}>
      <OrdersWall />
    </Suspense>
  ) : (
    <OrderBook />
  )
}

function OrderBook() {
  const { t } = useT()
  const timeZone = useFactoryZone()
  const phone = usePhone()
  const now = useNow() * 1000
  const list = useQuery(ordersQueryOptions())
  const designs = useDesigns()
  // the filters live in the address, so a filtered list can be bookmarked and sent
  const [params, setParams] = useSearchParams()
  const customer = params.get('customer') ?? ''
  const locationText = params.get('location') ?? ''
  const { locations } = useLocations()
  // a location no machine is at (or the only one, whose choice is not shown) filters nothing
  const locationId =
    locations.length > 1 && locations.some((l) => String(l.id) === locationText) ? Number(locationText) : null
  const showDone = params.get('done') === '1'
  // on a phone, today's orders (due by the end of the factory's day, or overdue) unless all are asked for
  const showAll = params.get('all') === '1'
  const today = localDateKey(Math.floor(now / 1000), timeZone)
  const dueToday = (o: Order) => localDateKey(Math.floor(o.dueAt / 1000), timeZone) <= today
  const setParam = (name: string, value: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous)
        if (value === '') next.delete(name)
        else next.set(name, value)
        return next
      },
      { replace: true },
    )
  const machines = useMachines()
  const locationOf = new Map((machines.data?.records ?? []).map((m) => [m.id, m.locationId]))
  const [editing, setEditing] = useState<Editing>(null)
  const [correcting, setCorrecting] = useState<Order | null>(null)
  const [saved, setSaved] = useState<{ reference: string; pastDue: boolean } | null>(null)
  const [imported, setImported] = useState<number | null>(null)
  const catalogue = designs.data?.records ?? []
  const byId = new Map(catalogue.map((d) => [d.id, d]))
  const designName = (id: string) => designLabel(byId, id)
  const canChange = list.data?.canChange ?? false
  const customers = [...new Set((list.data?.orders ?? []).map((o) => o.customer))].sort((a, b) =>
    a.localeCompare(b),
  )
  const done = (order: Order, pastDue: boolean) => {
    setEditing(null)
    setSaved({ reference: order.reference, pastDue })
  }
  return (
    <section className="space-y-4 p-4" aria-labelledby="orders-heading">
      <h1 id="orders-heading" className="text-2xl font-semibold">
        {t('orders.title')}
      </h1>
      <p className="max-w-3xl">{t('orders.intro')}</p>
      <HowComputed summary={t('orders.how.summary')}>
        <p className="max-w-3xl">{t('orders.how.counted')}</p>
        <p className="max-w-3xl">{t('orders.how.finish')}</p>
      </HowComputed>
      {list.data && !list.data.available && (
        <p>{t('orders.unavailable', { reason: list.data.reason ?? '' })}</p>
      )}
      {saved && (
        <p role="status">
          {t('orders.saved', { reference: saved.reference })} {saved.pastDue && t('orders.pastDue')}
        </p>
      )}
      {imported !== null && <p role="status">{t('orders.import.done', { count: imported })}</p>}
      {canChange && editing === null && (
        <div className="flex flex-wrap gap-3">
          <Button variant="primary" onClick={() => setEditing({ kind: 'new' })}>
            {t('orders.new')}
          </Button>
          <Button onClick={() => setEditing({ kind: 'import' })}>{t('orders.import.open')}</Button>
        </div>
      )}
      {editing?.kind === 'import' && (
        <div className="space-y-2">
          <Suspense fallback={<p>{t('orders.import.loading')}</p>}>
            <OrderImport
              designs={new Set(catalogue.map((d) => d.id))}
              references={new Set((list.data?.orders ?? []).map((o) => o.reference.toLowerCase()))}
              timeZone={timeZone}
              onDone={(count) => {
                setEditing(null)
                setImported(count)
              }}
            />
          </Suspense>
          <Button onClick={() => setEditing(null)}>{t('orders.import.close')}</Button>
        </div>
      )}
      {editing && editing.kind !== 'import' && (
        <div className="space-y-2">
          <Suspense fallback={<p>{t('orders.loading')}</p>}>
            <OrderForm
              key={editing.kind === 'new' ? 'new' : `${editing.order.id}-${editing.order.version}`}
              draft={editing.kind === 'new' ? emptyDraft() : draftOf(editing.order, timeZone)}
              editing={editing.kind === 'new' ? null : editing.order}
              designs={catalogue}
              machines={machines.data?.records ?? []}
              timeZone={timeZone}
              onDone={done}
            />
          </Suspense>
          <Button onClick={() => setEditing(null)}>{t('orders.cancelEdit')}</Button>
        </div>
      )}
      {correcting && (
        <Suspense fallback={<p>{t('orders.loading')}</p>}>
          <CorrectCount order={correcting} designName={designName} onClose={() => setCorrecting(null)} />
        </Suspense>
      )}
      <FoldOnPhone set={(customer === '' ? 0 : 1) + (locationId === null ? 0 : 1) + (showDone ? 1 : 0)}>
        <div className="flex flex-wrap items-end gap-3">
          <SelectField
            label={t('orders.filter.customer')}
            value={customer}
            onChange={(value) => setParam('customer', value)}
          >
            <option value="">{t('orders.filter.allCustomers')}</option>
            {customers.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </SelectField>
          {locations.length > 1 && (
            <SelectField
              label={t('app.filters.location')}
              value={locationId === null ? '' : String(locationId)}
              onChange={(value) => setParam('location', value)}
            >
              <option value="">{t('app.filters.allLocations')}</option>
              {locations.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </SelectField>
          )}
          <CheckboxField
            label={t('orders.filter.showDone')}
            checked={showDone}
            onChange={(checked) => setParam('done', checked ? '1' : '')}
          />
        </div>
      </FoldOnPhone>
      <QueryState query={list} empty={<p>{t('orders.none')}</p>} isEmpty={(d) => d.orders.length === 0}>
        {(data) => {
          const finishes = new Map(data.finishes.map((f) => [f.orderId, f]))
          // late and at risk first, each due first (the server sends them due first)
          // an order is at a location when a machine it is meant for, or scheduled on, is there
          const atLocation = (o: Order) =>
            locationId === null ||
            [...o.machineIds, ...(finishes.get(o.id)?.lines.flatMap((l) => l.machineIds) ?? [])].some(
              (id) => locationOf.get(id) === locationId,
            )
          const filtered = data.orders.filter(
            (o) =>
              (showDone || o.doneAt === null) &&
              (customer === '' || o.customer === customer) &&
              atLocation(o),
          )
          const todays = phone && !showAll
          const shown = filtered
            .filter((o) => !todays || dueToday(o))
            .map((o, i) => ({ o, i, rank: urgency(o, finishes.get(o.id), now) }))
            .sort((a, b) => a.rank - b.rank || a.i - b.i)
            .map(({ o }) => o)
          const Orders = phone ? OrderCards : OrderTable
          const later = filtered.length - shown.length
          // on a phone: today's, and the way to the others
          const scope = phone && (
            <div className="flex flex-wrap items-center gap-3">
              <p className="font-semibold">
                {todays ? t('orders.phone.today', { count: shown.length }) : t('orders.phone.all')}
              </p>
              {(later > 0 || showAll) && (
                <Button onClick={() => setParam('all', showAll ? '' : '1')}>
                  {showAll ? t('orders.phone.showToday') : t('orders.phone.showLater', { count: later })}
                </Button>
              )}
            </div>
          )
          return shown.length === 0 ? (
            <>
              {scope}
              {!todays && <p>{t('orders.noneShown')}</p>}
            </>
          ) : (
            <>
              {scope}
              {data.finishError && <p>{t('orders.finish.error', { reason: data.finishError })}</p>}
              <Orders
                orders={shown}
                finishes={finishes}
                now={now}
                timeZone={timeZone}
                designName={designName}
                canChange={data.canChange}
                canCorrect={data.canCorrect}
                onEdit={(order) => setEditing({ kind: 'change', order })}
                onCorrect={setCorrecting}
              />
            </>
          )
        }}
      </QueryState>
    </section>
  )
}
