import { useQuery } from '@tanstack/react-query'
import { useId, useMemo, useState } from 'react'
import { appConfigQueryOptions } from '../../api/app-config'
import { useMachines } from '../../api/machines'
import { useMachineSummary } from '../../api/reports'
import { type DataColumn, DataTable } from '../../components/data-table'
import { WidgetErrorBoundary } from '../../components/error-boundary'
import { FilterBar } from '../../components/filters/filter-bar'
import { useReportScope } from '../../components/filters/use-filters'
import { CONTROL } from '../../components/form-styles'
import { useNow } from '../../components/now'
import { DataAge, QueryState } from '../../components/query-state'
import { ScrollArea } from '../../components/scroll-area'
import { Skeleton } from '../../components/skeleton'
import { StatusBadge } from '../../components/status-badge'
import type { Machine } from '../../lib/domain'
import { durationInWords } from '../../lib/duration'
import { formatFactoryRange } from '../../lib/factory-time'
import {
  dictionaryOf,
  MACHINE_STATES,
  type MachineState,
  STATE_WORDS,
  type StatusEntry,
  statusCodesLine,
} from '../../lib/status-codes'
import { type CodeUsage, codeUsage } from './code-usage'

type Choice = { state: MachineState | ''; label: string }

const CODE_COLUMNS: readonly DataColumn[] = [
  { key: 'Code', className: 'py-1 pr-3' },
  { key: 'Shown now as', className: 'px-2' },
  { key: 'Machines showing it now', className: 'px-2' },
  { key: 'Machine time in range', className: 'px-2 text-right' },
  { key: 'Share', className: 'px-2 text-right' },
  { key: 'Map to', className: 'px-2' },
]

/** /status-codes: every vendor status code seen live and in the range, what stitchboard makes of it, and
 * the STATUS_CODES line that maps them, so a factory builds its dictionary from its own data. */
export function StatusCodesPage() {
  const config = useQuery(appConfigQueryOptions())
  const scope = useReportScope()
  const machines = useMachines()
  return (
    <section className="space-y-4 p-4" aria-labelledby="codes-heading">
      <h1 id="codes-heading" className="text-2xl font-semibold">
        Status codes
      </h1>
      <p className="max-w-3xl">
        The machines report their state as a number, and the vendor publishes no table of them. stitchboard
        reads each number through a dictionary:{' '}
        {config.data?.statusCodes.source === 'environment'
          ? 'the STATUS_CODES line set on the server.'
          : 'the demo factory’s table, because STATUS_CODES is not set on the server.'}{' '}
        A number the dictionary does not list is shown as “Status 1234” and is never guessed; a machine that
        is turning counts as running whatever its number.
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
        <WidgetErrorBoundary name="The status codes">
          <QueryState query={machines} empty={<p>No machines are visible with this API key.</p>}>
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
  const choiceOf = (row: CodeUsage): Choice =>
    choices.get(row.code) ?? { state: row.meaning?.state ?? '', label: row.meaning?.label ?? '' }
  const choose = (code: number, choice: Choice) => setChoices((current) => new Map(current).set(code, choice))
  const proposed: StatusEntry[] = rows
    .map((row) => ({ row, choice: choiceOf(row) }))
    .filter(
      (x): x is { row: CodeUsage; choice: { state: MachineState; label: string } } => x.choice.state !== '',
    )
    .map(({ row, choice }) => ({
      code: row.code,
      state: choice.state,
      // a comma would end the entry: it becomes a space
      label: choice.label.replace(/\s*,\s*/g, ' ').trim() || STATE_WORDS[choice.state],
    }))
    .sort((a, b) => a.code - b.code)
  const line = statusCodesLine(proposed)
  const unmapped = rows.filter((r) => r.meaning === null)
  return (
    <div className="space-y-4">
      {unmapped.length > 0 ? (
        <p role="status" className="font-medium">
          ⚠ {unmapped.length} {unmapped.length === 1 ? 'code is' : 'codes are'} not in the dictionary:{' '}
          {unmapped.map((r) => r.code).join(', ')}. Choose a state for each below; the line at the end maps
          them.
        </p>
      ) : (
        <p>Every code seen is in the dictionary.</p>
      )}
      <ScrollArea label="The table">
        <DataTable
          className="border-collapse text-left tabular-nums"
          caption={<>Codes in the dictionary, on a machine now, or in the status time of {rangeText}</>}
          captionClassName="text-left text-sm"
          headRowClassName="border-b border-gray-400"
          columns={CODE_COLUMNS}
        >
          {rows.map((row) => (
            <CodeRow key={row.code} row={row} choice={choiceOf(row)} choose={choose} />
          ))}
        </DataTable>
      </ScrollArea>
      {summary.isError && (
        <p role="alert">The time per code in the range could not be read: {summary.error.message}</p>
      )}
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
  const id = useId()
  const shownNames = row.machinesNow.slice(0, 4).join(', ')
  const more = row.machinesNow.length - 4
  return (
    <tr className="border-b border-gray-200 align-top dark:border-gray-800">
      <th scope="row" className="py-1 pr-3 font-mono">
        {row.code}
      </th>
      <td className="px-2 py-1">
        {row.meaning ? (
          <StatusBadge state={row.meaning.state} label={row.meaning.label} />
        ) : (
          <StatusBadge state="unknown" label={`Status ${row.code} (not in the dictionary)`} />
        )}
      </td>
      <td className="px-2 py-1">
        {row.machinesNow.length === 0
          ? '—'
          : `${row.machinesNow.length}: ${shownNames}${more > 0 ? ` and ${more} more` : ''}`}
      </td>
      <td className="whitespace-nowrap px-2 py-1 text-right">
        {row.seconds === null ? '…' : durationInWords(row.seconds)}
      </td>
      <td className="whitespace-nowrap px-2 py-1 text-right">
        {row.share === null
          ? '…'
          : `${(row.share * 100).toFixed(row.share < 0.01 && row.share > 0 ? 2 : 1)} %`}
      </td>
      <td className="px-2 py-1">
        <div className="flex flex-wrap gap-2">
          <label className="sr-only" htmlFor={`${id}-state`}>
            State for code {row.code}
          </label>
          <select
            id={`${id}-state`}
            className={CONTROL}
            value={choice.state}
            onChange={(e) =>
              choose(row.code, { state: e.target.value as MachineState | '', label: choice.label })
            }
          >
            <option value="">leave out</option>
            {MACHINE_STATES.map((state) => (
              <option key={state} value={state}>
                {STATE_WORDS[state]}
              </option>
            ))}
          </select>
          <label className="sr-only" htmlFor={`${id}-label`}>
            Label for code {row.code}
          </label>
          <input
            id={`${id}-label`}
            className={`${CONTROL} w-44`}
            value={choice.label}
            maxLength={60}
            placeholder={choice.state ? STATE_WORDS[choice.state] : 'label'}
            onChange={(e) => choose(row.code, { state: choice.state, label: e.target.value })}
          />
        </div>
      </td>
    </tr>
  )
}

function StatusCodesLine({ line }: { line: string }) {
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
        The line for the server
      </h2>
      <p className="text-sm">
        Set it in the server’s environment and restart stitchboard; codes left out are shown as “Status N”.
      </p>
      {/* wrapped, not scrolled: the whole line is seen on a phone too (a soft wrap is not copied) */}
      <pre className="rounded border border-gray-300 bg-white p-2 whitespace-pre-wrap [overflow-wrap:anywhere] dark:border-gray-700 dark:bg-gray-900">
        <code>{text}</code>
      </pre>
      <div className="flex items-center gap-2">
        <button type="button" className={CONTROL} onClick={() => void copy()}>
          Copy the STATUS_CODES line
        </button>
        <span role="status" className="text-sm">
          {copied === 'copied'
            ? 'Copied.'
            : copied === 'failed'
              ? 'Copying failed: select the line above.'
              : ''}
        </span>
      </div>
    </section>
  )
}
