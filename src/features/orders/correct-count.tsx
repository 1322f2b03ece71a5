import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import { describeError } from '../../api/core/errors'
import { useWrite } from '../../api/core/use-write'
import { correctCount, ORDERS_KEY } from '../../api/orders/orders'
import { useT } from '../../components/i18n'
import { rememberedName, rememberName } from '../../components/person-name'
import { nameToKeep, useMe } from '../../components/signed-in'
import { Button } from '../../components/ui/button'
import { FormErrors } from '../../components/ui/form-errors'
import { NumberField } from '../../components/ui/number-field'
import { SelectField } from '../../components/ui/select-field'
import { TextField } from '../../components/ui/text-field'
import { MAX_WHO_NAME } from '../../components/who-fields'
import { MAX_ORDER_QUANTITY, type Order } from '../../lib/orders'

const WHOLE = /^-?\d{1,8}$/

/** A person corrects the count of one of an order's lines: pieces added or taken away, or scrap, always
 * with a reason; the order's log keeps each correction with who made it. */
export function CorrectCount({
  order,
  designName,
  onClose,
}: {
  order: Order
  designName: (id: string) => string
  onClose: () => void
}) {
  const { t } = useT()
  const id = useId()
  const client = useQueryClient()
  const me = useMe()
  const [lineId, setLineId] = useState(String(order.lines[0]?.id ?? ''))
  const [kind, setKind] = useState<'correction' | 'scrap'>('correction')
  const [pieces, setPieces] = useState('')
  const [reason, setReason] = useState('')
  const [name, setName] = useState(rememberedName)
  const [problems, setProblems] = useState<string[]>([])
  const write = useWrite({
    mutationFn: (body: Parameters<typeof correctCount>[1]) => correctCount(order.id, body),
    onSuccess: (_, body) => {
      if (!me?.person) rememberName(body.by)
      return client.invalidateQueries({ queryKey: ORDERS_KEY })
    },
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const said: string[] = []
    const count = Number(pieces.trim())
    if (
      !WHOLE.test(pieces.trim()) ||
      count === 0 ||
      Math.abs(count) > MAX_ORDER_QUANTITY ||
      (kind === 'scrap' && count < 0)
    )
      said.push(
        t(kind === 'scrap' ? 'orders.correct.scrapWrong' : 'orders.correct.piecesWrong', {
          max: MAX_ORDER_QUANTITY,
        }),
      )
    if (!reason.trim()) said.push(t('orders.correct.needReason'))
    if (!me?.person && !name.trim()) said.push(t('orders.correct.needName'))
    setProblems(said)
    if (said.length > 0) return
    write.mutate(
      { lineId: Number(lineId), pieces: count, kind, reason: reason.trim(), by: nameToKeep(me, name) },
      { onSuccess: () => setPieces('') },
    )
  }
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={id}
      className="flex flex-col gap-3 rounded border border-gray-300 p-4 dark:border-gray-700"
    >
      <h3 id={id} className="text-lg font-semibold">
        {t('orders.correct.heading', { reference: order.reference })}
      </h3>
      <div className="flex flex-wrap items-end gap-3">
        <SelectField label={t('orders.field.line')} value={lineId} onChange={setLineId}>
          {order.lines.map((l) => (
            <option key={l.id} value={l.id}>
              {t('orders.correct.lineChoice', {
                design: designName(l.designId),
                made: l.made,
                quantity: l.quantity,
              })}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('orders.correct.kind')}
          value={kind}
          onChange={(v) => setKind(v as 'correction' | 'scrap')}
        >
          <option value="correction">{t('orders.correct.kindCorrection')}</option>
          <option value="scrap">{t('orders.correct.kindScrap')}</option>
        </SelectField>
        <NumberField
          label={kind === 'scrap' ? t('orders.correct.scrapPieces') : t('orders.correct.pieces')}
          step={1}
          value={pieces}
          onChange={setPieces}
        />
        <TextField label={t('orders.correct.reason')} maxLength={200} value={reason} onChange={setReason} />
        {!me?.person && (
          <TextField
            label={t('orders.field.name')}
            maxLength={MAX_WHO_NAME}
            autoComplete="name"
            value={name}
            onChange={setName}
          />
        )}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="primary" disabled={write.isPending}>
          {t('orders.correct.save')}
        </Button>
        <Button onClick={onClose}>{t('orders.correct.close')}</Button>
        <FormErrors
          className="basis-full"
          errors={problems.length > 0 ? problems : write.isError ? describeError(write.error, t) : null}
        />
        {problems.length === 0 && write.isSuccess && (
          <p role="status" className="basis-full">
            {t('orders.correct.saved')}
          </p>
        )}
      </div>
    </form>
  )
}
