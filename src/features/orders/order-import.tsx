import { useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useRef, useState } from 'react'
import { describeError } from '../../api/core/errors'
import { useWrite } from '../../api/core/use-write'
import { importMappingQueryOptions, importOrderFile, ORDERS_KEY } from '../../api/orders/orders'
import { keepAdminToken, storedAdminToken } from '../../components/admin-token'
import { useT } from '../../components/i18n'
import { rememberedName, rememberName } from '../../components/person-name'
import { nameToKeep, useMe, whoMissing } from '../../components/signed-in'
import { Button } from '../../components/ui/button'
import { FormErrors } from '../../components/ui/form-errors'
import { SelectField } from '../../components/ui/select-field'
import { WhoFields } from '../../components/who-fields'
import { type CsvTable, parseCsv } from '../../lib/csv'
import type { MessageKey } from '../../lib/i18n/translator'
import {
  csvText,
  IMPORT_FIELDS,
  type ImportField,
  type ImportMapping,
  importOrders,
  type Problem,
  type ProblemCode,
  proposeMapping,
  REQUIRED_FIELDS,
} from '../../lib/order-import'

const BOX = 'flex max-w-4xl flex-col gap-4 rounded border border-gray-300 p-4 dark:border-gray-700'

/** A file read at most (the server takes 100,000 characters). */
const MAX_FILE_BYTES = 100_000

/** A file's bytes (FileReader: every browser, and the tests' DOM). */
const readBytes = (file: File) =>
  new Promise<Uint8Array>((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer))
    reader.onerror = () => reject(reader.error)
    reader.readAsArrayBuffer(file)
  })

/** Each problem's words (written out: the catalogue's pieces are found by their keys). */
const PROBLEM_KEYS: Record<ProblemCode, MessageKey> = {
  noColumn: 'orders.import.problem.noColumn',
  unmapped: 'orders.import.problem.unmapped',
  noRows: 'orders.import.problem.noRows',
  tooManyRows: 'orders.import.problem.tooManyRows',
  referenceEmpty: 'orders.import.problem.referenceEmpty',
  referenceLong: 'orders.import.problem.referenceLong',
  customerEmpty: 'orders.import.problem.customerEmpty',
  customerLong: 'orders.import.problem.customerLong',
  due: 'orders.import.problem.due',
  designEmpty: 'orders.import.problem.designEmpty',
  designUnknown: 'orders.import.problem.designUnknown',
  quantity: 'orders.import.problem.quantity',
  priority: 'orders.import.problem.priority',
  taken: 'orders.import.problem.taken',
  conflict: 'orders.import.problem.conflict',
  tooManyLines: 'orders.import.problem.tooManyLines',
}

const FIELD_WORDS: Record<ImportField, MessageKey> = {
  reference: 'orders.field.reference',
  customer: 'orders.field.customer',
  dueAt: 'orders.import.field.due',
  designId: 'orders.field.design',
  quantity: 'orders.field.quantity',
  priority: 'orders.field.priority',
  machineIds: 'orders.import.field.machines',
  note: 'orders.field.note',
}

/**
 * Orders from an ERP's CSV export: the file, which of its columns holds what (proposed from the last
 * import's mapping or the columns' names), every bad row by its line before anything is sent, and the
 * import of all of them at once.
 */
export function OrderImport({
  designs,
  references,
  timeZone,
  onDone,
}: {
  designs: ReadonlySet<string>
  /** the references in the order book, lower case */
  references: ReadonlySet<string>
  timeZone: string
  onDone: (count: number) => void
}) {
  const { t } = useT()
  const id = useId()
  const client = useQueryClient()
  const me = useMe()
  const remembered = useQuery(importMappingQueryOptions())
  const [file, setFile] = useState<{ name: string; text: string; table: CsvTable } | null>(null)
  const [fileError, setFileError] = useState<string | null>(null)
  const [mapping, setMapping] = useState<ImportMapping>({})
  const [name, setName] = useState(rememberedName)
  const [token, setToken] = useState(storedAdminToken)
  const [problems, setProblems] = useState<string[]>([])
  const nameField = useRef<HTMLInputElement>(null)
  const tokenField = useRef<HTMLInputElement>(null)
  const write = useWrite({
    mutationFn: (sent: { body: Parameters<typeof importOrderFile>[0]; token: string }) =>
      importOrderFile(sent.body, sent.token),
    onSuccess: (_, sent) => {
      if (sent.token) {
        keepAdminToken(sent.token)
        rememberName(sent.body.by)
      }
      return client.invalidateQueries({ queryKey: ORDERS_KEY })
    },
  })

  const read = async (chosen: File | undefined) => {
    setFile(null)
    setFileError(null)
    if (!chosen) return
    if (chosen.size > MAX_FILE_BYTES) {
      setFileError(t('orders.import.tooLarge'))
      return
    }
    const text = csvText(await readBytes(chosen))
    if (text === null) {
      setFileError(t('orders.import.encoding', { file: chosen.name }))
      return
    }
    const table = parseCsv(text)
    setFile({ name: chosen.name, text, table })
    setMapping(proposeMapping(table.rows[0] ?? [], remembered.data ?? null))
  }
  const header = file?.table.rows[0] ?? []
  const checked = file ? importOrders(file.table, mapping, { timeZone, designs, taken: references }) : null
  const words = (p: Problem) => t(PROBLEM_KEYS[p.code], p.values)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!file || !checked || checked.problems.length > 0) return
    const missing = whoMissing(me, name, token)
    setProblems(
      missing === 'sign-in' ? [t('who.signInFirst')] : missing !== null ? [t('orders.problem.who')] : [],
    )
    if (missing === 'name' || missing === 'token')
      (missing === 'token' ? tokenField : nameField).current?.focus()
    if (missing !== null) return
    write.mutate(
      { body: { csv: file.text, mapping, by: nameToKeep(me, name) }, token: me?.person ? '' : token },
      { onSuccess: (done) => onDone(done.imported) },
    )
  }

  return (
    <form onSubmit={submit} aria-labelledby={id} noValidate className={BOX}>
      <h2 id={id} className="text-xl font-semibold">
        {t('orders.import.title')}
      </h2>
      <p className="max-w-3xl">{t('orders.import.intro')}</p>
      <label className="flex flex-col gap-1">
        <span className="font-semibold">{t('orders.import.file')}</span>
        <input
          type="file"
          accept=".csv,text/csv,text/plain"
          className="min-h-11"
          onChange={(e) => void read(e.target.files?.[0])}
        />
      </label>
      <FormErrors errors={fileError} />
      {file && (
        <>
          <fieldset className="flex flex-wrap items-end gap-3">
            <legend className="mb-2 font-semibold">{t('orders.import.columns')}</legend>
            {IMPORT_FIELDS.map((field) => (
              <SelectField
                key={field}
                label={
                  REQUIRED_FIELDS.includes(field)
                    ? t(FIELD_WORDS[field])
                    : t('orders.import.optional', { field: t(FIELD_WORDS[field]) })
                }
                value={mapping[field] ?? ''}
                onChange={(column) => setMapping((m) => ({ ...m, [field]: column || undefined }))}
              >
                <option value="">{t('orders.import.noColumn')}</option>
                {header.map((column) => (
                  <option key={column} value={column}>
                    {column}
                  </option>
                ))}
              </SelectField>
            ))}
          </fieldset>
          {checked && checked.problems.length > 0 ? (
            <div role="alert" className="space-y-1">
              <p className="font-semibold">
                {t('orders.import.bad', { rows: checked.problems.length, file: file.name })}
              </p>
              <ul className="list-disc pl-6">
                {checked.problems.slice(0, 100).map((p) => (
                  <li key={`${p.line}-${p.message}`}>
                    {t('orders.import.line', { line: p.line, problem: p.problems.map(words).join('; ') })}
                  </li>
                ))}
              </ul>
            </div>
          ) : (
            <p role="status">
              {t('orders.import.ready', {
                orders: checked?.orders.length ?? 0,
                rows: file.table.rows.length - 1,
              })}
            </p>
          )}
        </>
      )}
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
        <Button
          type="submit"
          variant="primary"
          disabled={write.isPending || !checked || checked.problems.length > 0}
        >
          {t('orders.import.submit')}
        </Button>
        <FormErrors
          className="basis-full"
          errors={problems.length > 0 ? problems : write.isError ? describeError(write.error, t) : null}
        />
      </div>
    </form>
  )
}
