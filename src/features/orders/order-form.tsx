import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useRef, useState } from 'react'
import { describeError, HttpError } from '../../api/core/errors'
import { useWrite } from '../../api/core/use-write'
import { ORDERS_KEY, saveOrder } from '../../api/orders/orders'
import { keepAdminToken, storedAdminToken } from '../../components/admin-token'
import { useT } from '../../components/i18n'
import { rememberedName, rememberName } from '../../components/person-name'
import { nameToKeep, useMe, whoMissing } from '../../components/signed-in'
import { Button } from '../../components/ui/button'
import { CheckboxField } from '../../components/ui/checkbox-field'
import { EditableList } from '../../components/ui/editable-list'
import { FormErrors } from '../../components/ui/form-errors'
import { NumberField } from '../../components/ui/number-field'
import { SelectField } from '../../components/ui/select-field'
import { TextField } from '../../components/ui/text-field'
import { TimeField } from '../../components/ui/time-field'
import { WhoFields } from '../../components/who-fields'
import type { Design } from '../../lib/domain'
import { MAX_ORDER_QUANTITY, ORDER_PRIORITIES, type Order } from '../../lib/orders'
import { checkDraft, type OrderDraft } from './order-draft'
import { PRIORITY_WORDS } from './order-words'

const BOX = 'flex max-w-4xl flex-col gap-4 rounded border border-gray-300 p-4 dark:border-gray-700'

/**
 * A new order, or a change of one (`editing`: the order as it was read, whose version the change names:
 * when someone changed it meanwhile, the server refuses and the form says so, keeping what was typed).
 */
export function OrderForm({
  draft: initial,
  editing,
  designs,
  machines,
  timeZone,
  onDone,
}: {
  draft: OrderDraft
  editing: Order | null
  designs: readonly Design[]
  /** the machines an order may be meant for, in the board's order */
  machines: ReadonlyArray<{ id: string; name: string }>
  timeZone: string
  onDone: (order: Order, pastDue: boolean) => void
}) {
  const { t } = useT()
  const id = useId()
  const client = useQueryClient()
  const me = useMe()
  const [draft, setDraft] = useState(initial)
  const [name, setName] = useState(rememberedName)
  const [token, setToken] = useState(storedAdminToken)
  const [problems, setProblems] = useState<string[]>([])
  const nameField = useRef<HTMLInputElement>(null)
  const tokenField = useRef<HTMLInputElement>(null)
  const write = useWrite({
    mutationFn: (sent: { body: Parameters<typeof saveOrder>[0]; token: string }) =>
      saveOrder(sent.body, sent.token).catch((error: unknown) => {
        // someone changed the order: the list is read again, so opening it again shows their change
        if (error instanceof HttpError && error.reason === 'changed')
          void client.invalidateQueries({ queryKey: ORDERS_KEY })
        throw error
      }),
    onSuccess: (_, sent) => {
      if (sent.token) {
        keepAdminToken(sent.token)
        rememberName(sent.body.body.by)
      }
      return client.invalidateQueries({ queryKey: ORDERS_KEY })
    },
  })
  const set = <K extends keyof OrderDraft>(key: K, value: OrderDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }))
  const setLine = (i: number, line: Partial<OrderDraft['lines'][number]>) =>
    setDraft((d) => ({ ...d, lines: d.lines.map((l, j) => (j === i ? { ...l, ...line } : l)) }))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const checked = checkDraft(draft, timeZone)
    const missing = whoMissing(me, name, token)
    const said = checked.ok ? [] : checked.problems.map((p) => t(p.key, p.values))
    if (missing === 'sign-in') said.push(t('who.signInFirst'))
    else if (missing !== null) said.push(t('orders.problem.who'))
    setProblems(said)
    if (checked.ok && (missing === 'name' || missing === 'token'))
      (missing === 'token' ? tokenField : nameField).current?.focus()
    if (!checked.ok || missing !== null) return
    const body = { ...checked.body, by: nameToKeep(me, name) }
    write.mutate(
      {
        body: { id: editing?.id ?? null, version: editing?.version ?? null, body },
        token: me?.person ? '' : token,
      },
      { onSuccess: (saved) => onDone(saved.order, saved.order.dueAt < Date.now()) },
    )
  }
  const refusal = (error: unknown) => {
    if (error instanceof HttpError && error.reason === 'changed') return t('orders.error.changed')
    if (error instanceof HttpError && error.reason === 'duplicate')
      return t('orders.error.duplicate', { reference: draft.reference.trim() })
    return describeError(error, t)
  }
  // a design the catalogue no longer lists stays choosable on the line that has it
  const choices = (designId: string) =>
    designId && !designs.some((d) => d.id === designId)
      ? [{ id: designId, name: designId }, ...designs]
      : designs
  return (
    <form onSubmit={submit} aria-labelledby={id} noValidate className={BOX}>
      <h2 id={id} className="text-xl font-semibold">
        {editing ? t('orders.form.edit', { reference: editing.reference }) : t('orders.form.new')}
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <TextField
          label={t('orders.field.reference')}
          maxLength={60}
          value={draft.reference}
          onChange={(v) => set('reference', v)}
        />
        <TextField
          label={t('orders.field.customer')}
          maxLength={120}
          value={draft.customer}
          onChange={(v) => set('customer', v)}
        />
        <TextField
          label={t('orders.field.dueDay')}
          type="date"
          value={draft.dueDay}
          onChange={(v) => set('dueDay', v)}
        />
        <TimeField
          label={t('orders.field.dueTime')}
          value={draft.dueTime}
          onChange={(v) => set('dueTime', v)}
        />
        <SelectField
          label={t('orders.field.priority')}
          value={draft.priority}
          onChange={(v) => set('priority', v as OrderDraft['priority'])}
        >
          {ORDER_PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {t(PRIORITY_WORDS[p])}
            </option>
          ))}
        </SelectField>
      </div>
      <fieldset className="flex min-w-0 flex-col gap-2">
        <legend className="mb-2 font-semibold">{t('orders.field.lines')}</legend>
        <EditableList
          items={draft.lines}
          rowKey={(line, i) => line.id ?? `new-${i}`}
          rowLabel={(_, i) => t('orders.line', { line: i + 1 })}
          fieldsClassName="flex flex-wrap items-end gap-3"
          onAdd={() => set('lines', [...draft.lines, { designId: '', quantity: '' }])}
          onRemove={(i) =>
            set(
              'lines',
              draft.lines.filter((_, j) => j !== i),
            )
          }
          addText={t('orders.addLine')}
          removeText={() => t('orders.removeLine')}
          removeLabel={(_, i) => t('orders.removeLineNamed', { line: i + 1 })}
          renderRow={(line, i, remove) => (
            <>
              <SelectField
                label={t('orders.field.design')}
                value={line.designId}
                onChange={(v) => setLine(i, { designId: v })}
              >
                <option value="">{t('orders.chooseDesign')}</option>
                {choices(line.designId).map((d) => (
                  <option key={d.id} value={d.id}>
                    {d.name ?? d.id}
                  </option>
                ))}
              </SelectField>
              <NumberField
                label={t('orders.field.quantity')}
                min={1}
                max={MAX_ORDER_QUANTITY}
                step={1}
                value={line.quantity}
                onChange={(v) => setLine(i, { quantity: v })}
              />
              {remove}
            </>
          )}
        />
      </fieldset>
      <fieldset className="min-w-0">
        <legend className="font-semibold">{t('orders.field.machines')}</legend>
        <p className="mb-1 text-sm text-gray-700 dark:text-gray-300">{t('orders.field.machinesHint')}</p>
        <div className="grid grid-cols-[repeat(auto-fill,minmax(11rem,1fr))] gap-x-4">
          {[
            ...machines,
            // a machine it was meant for that the board no longer lists stays shown, and can be taken off
            ...draft.machineIds
              .filter((m) => !machines.some((x) => x.id === m))
              .map((m) => ({ id: m, name: m })),
          ].map((m) => (
            <CheckboxField
              key={m.id}
              label={m.name}
              checked={draft.machineIds.includes(m.id)}
              onChange={(on) =>
                set(
                  'machineIds',
                  on ? [...draft.machineIds, m.id] : draft.machineIds.filter((x) => x !== m.id),
                )
              }
            />
          ))}
        </div>
      </fieldset>
      <TextField
        label={t('orders.field.note')}
        maxLength={500}
        value={draft.note}
        onChange={(v) => set('note', v)}
      />
      <WhoFields
        legend={t('orders.who')}
        nameLabel={t('orders.field.name')}
        tokenLabel={t('orders.field.token')}
        name={name}
        setName={setName}
        token={token}
        setToken={setToken}
        nameRef={nameField}
        tokenRef={tokenField}
      />
      <div className="flex flex-wrap items-center gap-3 border-t border-gray-300 pt-4 dark:border-gray-700">
        <Button type="submit" variant="primary" disabled={write.isPending}>
          {editing ? t('orders.saveChange') : t('orders.save')}
        </Button>
        <FormErrors
          className="basis-full"
          errors={problems.length > 0 ? problems : write.isError ? refusal(write.error) : null}
        />
      </div>
    </form>
  )
}
