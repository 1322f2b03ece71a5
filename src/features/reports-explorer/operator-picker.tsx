import { useId } from 'react'
import { useOperators } from '../../api/reports-explorer/report-explorer'
import type { ReportParams } from '../../api/vendor-reports/report-params'
import { CONTROL } from '../../components/form-styles'
import { useT } from '../../components/i18n'

/** The operators of the range (the operator overview without a filter names them); the choice narrows
 * the report to one operator (operatorId). */
export function OperatorPicker({
  scope,
  value,
  onChange,
}: {
  scope: ReportParams
  value: string | null
  onChange: (value: string | null) => void
}) {
  const { t } = useT()
  const id = useId()
  const operators: Array<readonly [string, string]> = [...(useOperators(scope) ?? [])]
  // the chosen operator stays listed while the list is read or when it has no rows in this range
  if (value && !operators.some(([operator]) => operator === value)) operators.unshift([value, value])
  return (
    <div className="flex flex-col">
      <label htmlFor={id} className="text-sm">
        {t('reports.page.operator')}
      </label>
      <select
        id={id}
        className={CONTROL}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value || null)}
      >
        <option value="">{t('reports.page.allOperators')}</option>
        {operators.map(([operator, name]) => (
          <option key={operator} value={operator}>
            {name}
          </option>
        ))}
      </select>
    </div>
  )
}
