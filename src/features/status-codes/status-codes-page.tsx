import { useId, useMemo, useState } from 'react'
import { useAppConfig } from '../../api/core/app-config'
import { useMachines } from '../../api/machines/machines'
import { useMachineSummary } from '../../api/vendor-reports/reports'
import { DataTable } from '../../components/data-table'
import { WidgetErrorBoundary } from '../../components/error-boundary'
import { FilterBar } from '../../components/filters/filter-bar'
import { useReportScope } from '../../components/filters/use-filters'
import { CONTROL } from '../../components/form-styles'
import { useT } from '../../components/i18n'
import { useNow } from '../../components/now'
import { DataAge, QueryState } from '../../components/query-state'
import { ScrollArea } from '../../components/scroll-area'
import { Skeleton } from '../../components/skeleton'
import { StatusBadge } from '../../components/status-badge'
import type { Machine } from '../../lib/domain'
import { durationInWords } from '../../lib/duration'
import { formatFactoryRange } from '../../lib/factory-time'
import type { MessageKey } from '../../lib/i18n/translator'
import {
  dictionaryOf,
  MACHINE_STATES,
  type MachineState,
  meaningLabel,
  STATE_WORD_KEYS,
  type StatusEntry,
  statusCodesLine,
} from '../../lib/status-codes'
import { type CodeUsage, codeUsage } from './code-usage'

type Choice = { state: MachineState | ''; label: string }

const CODE_COLUMNS: ReadonlyArray<{ key: string; label: MessageKey; className: string }> = [
  { key: 'code', label: 'statusCodes.column.code', className: 'py-1 pr-3' },
  { key: 'shown', label: 'statusCodes.column.shownAs', className: 'px-2' },
  { key: 'machines', label: 'statusCodes.column.machinesNow', className: 'px-2' },
  { key: 'time', label: 'statusCodes.column.time', className: 'px-2 text-right' },
  { key: 'share', label: 'statusCodes.column.share', className: 'px-2 text-right' },
  { key: 'map', label: 'statusCodes.column.mapTo', className: 'px-2' },
]

/** /status-codes: every vendor status code seen live and in the range, what stitchboard makes of it, and
 * the STATUS_CODES line that maps them, so a factory builds its dictionary from its own data. */
export function StatusCodesPage() {
  const { t } = useT()
  const config = useAppConfig()
  const scope = useReportScope()
  const machines = useMachines()
  return (
    <section className="space-y-4 p-4" aria-labelledby="codes-heading">
      <h1 id="codes-heading" className="text-2xl font-semibold">
        {t('statusCodes.title')}
      </h1>
      <p className="max-w-3xl">
        {config.data?.statusCodes.source === 'environment'
          ? t('statusCodes.intro.environment')
          : t('statusCodes.intro.demo')}
      </p>
      <div className="flex flex-wrap items-end gap-x-6 gap-y-2">
        <FilterBar show={['range', 'location', 'machines']} />
      </div>
      {!config.data || scope.status === 'loading' ? (
        <Skeleton />
      ) : scope.status === 'error' ? (
        <p role="alert" className="rounded border border-red-600 p-3">
          {scope.error}
        </p>
      ) : (
        <WidgetErrorBoundary name={t('statusCodes.widget')}>
          <QueryState query={machines} empty={<p>{t('statusCodes.noMachines')}</p>}>
            {(data) => (
              <Codes
                entries={config.data.statusCodes.entries}
                machines={data.records}
                scope={scope.params}
                rangeText={formatFactoryRange(scope.range.from, scope.range.till, config.data.timeZone)}
              />
            )}
          </QueryState>
        </WidgetErrorBoundary>
      )}
    </section>
  )
}

function Codes({
  entries,
  machines,
  scope,
  rangeText,
}: {
  entries: readonly StatusEntry[]
  machines: readonly Machine[]
  scope: Parameters<typeof useMachineSummary>[0]
  rangeText: string
}) {
  const { t } = useT()
  const now = useNow()
  const summary = useMachineSummary(scope)
  const codes = useMemo(() => dictionaryOf(entries), [entries])
  const ids = scope.machineIds
  const chosen = Array.isArray(ids) && ids.length > 0 ? new Set(ids) : null
  const inScope = machines.filter(
    (m) => (!chosen || chosen.has(m.id)) && (!scope.locationId || m.locationId === scope.locationId),
  )
  const rows = codeUsage(codes, inScope, summary.data?.records, now)
  const [choices, setChoices] = useState<ReadonlyMap<number, Choice>>(new Map())
  // a code of the product's own table (the demo's) starts with the product's words in the screen's language
  const choiceOf = (row: CodeUsage): Choice =>
    choices.get(row.code) ?? {
      state: row.meaning?.state ?? '',
      label: row.meaning?.label ?? (row.meaning?.words ? t(row.meaning.words) : ''),
    }
  const choose = (code: number, choice: Choice) => setChoices((current) => new Map(current).set(code, choice))
  const proposed: StatusEntry[] = rows
    .map((row) => ({ row, choice: choiceOf(row) }))
    .filter(
      (x): x is { row: CodeUsage; choice: { state: MachineState; label: string } } => x.choice.state !== '',
    )
    .map(({ row, choice }) => {
      // a comma would end the entry: it becomes a space
      const label = choice.label.replace(/\s*,\s*/g, ' ').trim()
      // the state's own words are left out of the line (its words in any language)
      return {
        code: row.code,
        state: choice.state,
        label: label === '' || label === t(STATE_WORD_KEYS[choice.state]) ? null : label,
      }
    })
    .sort((a, b) => a.code - b.code)
  const line = statusCodesLine(proposed, t)
  const unmapped = rows.filter((r) => r.meaning === null)
  return (
    <div className="space-y-4">
      {unmapped.length > 0 ? (
        <p role="status" className="font-medium">
          ⚠{' '}
          {t('statusCodes.unmapped', {
            count: unmapped.length,
            codes: unmapped.map((r) => r.code).join(', '),
          })}
        </p>
      ) : (
        <p>{t('statusCodes.allMapped')}</p>
      )}
      <ScrollArea label={t('statusCodes.table')}>
        <DataTable
          className="border-collapse text-left tabular-nums"
          caption={t('statusCodes.caption', { range: rangeText })}
          captionClassName="text-left text-sm"
          headRowClassName="border-b border-gray-400"
          columns={CODE_COLUMNS.map((column) => ({ ...column, label: t(column.label) }))}
        >
          {rows.map((row) => (
            <CodeRow key={row.code} row={row} choice={choiceOf(row)} choose={choose} />
          ))}
        </DataTable>
      </ScrollArea>
      {summary.isError && <p role="alert">{t('statusCodes.timeFailed', { error: summary.error.message })}</p>}
      {summary.data && <DataAge updatedAt={summary.dataUpdatedAt} />}
      <StatusCodesLine line={line} />
    </div>
  )
}

function CodeRow({
  row,
  choice,
  choose,
}: {
  row: CodeUsage
  choice: Choice
  choose: (code: number, choice: Choice) => void
}) {
  const { t, number } = useT()
  const id = useId()
  const shownNames = row.machinesNow.slice(0, 4).join(', ')
  const more = row.machinesNow.length - 4
  const digits = row.share !== null && row.share < 0.01 && row.share > 0 ? 2 : 1
  return (
    <tr className="border-b border-gray-200 align-top dark:border-gray-800">
      <th scope="row" className="py-1 pr-3 font-mono">
        {row.code}
      </th>
      <td className="px-2 py-1">
        {row.meaning ? (
          <StatusBadge state={row.meaning.state} label={meaningLabel(row.meaning, t)} />
        ) : (
          <StatusBadge state="unknown" label={t('statusCodes.row.unknown', { code: String(row.code) })} />
        )}
      </td>
      <td className="px-2 py-1">
        {row.machinesNow.length === 0
          ? '—'
          : more > 0
            ? t('statusCodes.row.machinesMore', { count: row.machinesNow.length, names: shownNames, more })
            : t('statusCodes.row.machines', { count: row.machinesNow.length, names: shownNames })}
      </td>
      <td className="whitespace-nowrap px-2 py-1 text-right">
        {row.seconds === null ? '…' : durationInWords(row.seconds)}
      </td>
      <td className="whitespace-nowrap px-2 py-1 text-right">
        {row.share === null
          ? '…'
          : `${number(row.share * 100, { minimumFractionDigits: digits, maximumFractionDigits: digits })} %`}
      </td>
      <td className="px-2 py-1">
        <div className="flex flex-wrap gap-2">
          <label className="sr-only" htmlFor={`${id}-state`}>
            {t('statusCodes.row.state', { code: String(row.code) })}
          </label>
          <select
            id={`${id}-state`}
            className={CONTROL}
            value={choice.state}
            onChange={(e) =>
              choose(row.code, { state: e.target.value as MachineState | '', label: choice.label })
            }
          >
            <option value="">{t('statusCodes.row.leaveOut')}</option>
            {MACHINE_STATES.map((state) => (
              <option key={state} value={state}>
                {t(STATE_WORD_KEYS[state])}
              </option>
            ))}
          </select>
          <label className="sr-only" htmlFor={`${id}-label`}>
            {t('statusCodes.row.label', { code: String(row.code) })}
          </label>
          <input
            id={`${id}-label`}
            className={`${CONTROL} w-44`}
            value={choice.label}
            maxLength={60}
            placeholder={
              choice.state ? t(STATE_WORD_KEYS[choice.state]) : t('statusCodes.row.labelPlaceholder')
            }
            onChange={(e) => choose(row.code, { state: choice.state, label: e.target.value })}
          />
        </div>
      </td>
    </tr>
  )
}

function StatusCodesLine({ line }: { line: string }) {
  const { t } = useT()
  const id = useId()
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null)
  const text = `STATUS_CODES="${line}"`
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => setCopied('copied'),
      () => setCopied('failed'),
    )
  return (
    <section aria-labelledby={id} className="space-y-2">
      <h2 id={id} className="text-xl font-semibold">
        {t('statusCodes.line.title')}
      </h2>
      <p className="text-sm">{t('statusCodes.line.explained')}</p>
      {/* wrapped, not scrolled: the whole line is seen on a phone too (a soft wrap is not copied) */}
      <pre className="rounded border border-gray-300 bg-white p-2 whitespace-pre-wrap [overflow-wrap:anywhere] dark:border-gray-700 dark:bg-gray-900">
        <code>{text}</code>
      </pre>
      <div className="flex items-center gap-2">
        <button type="button" className={CONTROL} onClick={() => void copy()}>
          {t('statusCodes.line.copy')}
        </button>
        <span role="status" className="text-sm">
          {copied === 'copied'
            ? t('statusCodes.line.copied')
            : copied === 'failed'
              ? t('statusCodes.line.copyFailed')
              : ''}
        </span>
      </div>
    </section>
  )
}
