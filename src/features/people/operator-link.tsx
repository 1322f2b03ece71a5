import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { ALL_MACHINES } from '../../api/contract/report-params'
import { describeError } from '../../api/core/errors'
import { useWrite } from '../../api/core/use-write'
import { changePerson, PEOPLE_KEY, type Person } from '../../api/people/people'
import { useOperators } from '../../api/reports-explorer/report-explorer'
import { useT } from '../../components/i18n'
import { useNow } from '../../components/now'
import { Button } from '../../components/ui/button'
import { FormErrors } from '../../components/ui/form-errors'
import { SelectField } from '../../components/ui/select-field'

/** The operators the machines' records name over this long (the operator overview of the range). */
const RECORDS_DAYS = 30

/** Which operator of the machines' records (the vendor's operatorId) a person is: chosen from the operators
 * the operator overview named over the last 30 days. One person per operator. */
export function OperatorLink({ people }: { people: Person[] }) {
  const { t } = useT()
  const client = useQueryClient()
  const now = useNow()
  // (Unix seconds) the range ends at the next full hour: the overview is asked again at most hourly
  const [till] = useState(() => Math.floor(now / 3600) * 3600 + 3600)
  const operators = useOperators({ from: till - RECORDS_DAYS * 86_400, till, machineIds: ALL_MACHINES })
  const [id, setId] = useState(String(people[0]?.id ?? ''))
  const person = people.find((p) => String(p.id) === id)
  const [operator, setOperator] = useState<string | null>(null)
  const chosen = operator ?? person?.vendorOperatorId ?? ''
  const write = useWrite({
    mutationFn: ({ person, link }: { person: number; link: string | null }) =>
      changePerson(person, { vendorOperatorId: link }),
    onSuccess: () => client.invalidateQueries({ queryKey: PEOPLE_KEY }),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (person) write.mutate({ person: person.id, link: chosen || null })
  }
  const listed = [...(operators ?? [])]
  // a linked operator stays listed when the records of the range do not name them
  if (chosen && !listed.some(([op]) => op === chosen)) listed.unshift([chosen, chosen])
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="operator-link-heading"
      className="flex max-w-3xl flex-col gap-3 rounded border border-gray-300 p-4 dark:border-gray-700"
    >
      <h2 id="operator-link-heading" className="text-xl font-semibold">
        {t('people.operator.title')}
      </h2>
      <p>{t('people.operator.intro', { days: RECORDS_DAYS })}</p>
      <div className="flex flex-wrap items-end gap-3">
        <SelectField
          label={t('people.field.name')}
          value={id}
          onChange={(value) => {
            setId(value)
            setOperator(null)
          }}
        >
          {people.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('people.operator.operator')} value={chosen} onChange={(v) => setOperator(v)}>
          <option value="">{t('people.operator.none')}</option>
          {listed.map(([op, name]) => (
            <option key={op} value={op}>
              {name === op ? op : `${name} (${op})`}
            </option>
          ))}
        </SelectField>
        <Button type="submit" variant="primary" disabled={write.isPending || !person}>
          {t('people.operator.submit')}
        </Button>
      </div>
      {operators === undefined && <p className="text-sm">{t('people.operator.reading')}</p>}
      <FormErrors errors={write.isError ? describeError(write.error, t) : null} />
      {write.data && (
        <p role="status">
          {write.data.vendorOperatorId
            ? t('people.operator.linked', { name: write.data.name, operator: write.data.vendorOperatorId })
            : t('people.operator.unlinked', { name: write.data.name })}
        </p>
      )}
    </form>
  )
}
