import type { UseQueryResult } from '@tanstack/react-query'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { describeError } from '../api/core/errors'
import type { Translator } from '../lib/i18n/translator'
import { FactoryTime } from './factory-time'
import { useT } from './i18n'
import { Skeleton } from './skeleton'

/** How old data is, in words, exactly: "45 s ago", "1 min ago" (60–119 s), "2 h 5 min ago". */
export function ageInWords(updatedAtMs: number, nowMs: number, t: Translator['t']): string {
  const seconds = Math.max(0, Math.floor((nowMs - updatedAtMs) / 1000))
  if (seconds < 60) return t('app.age.seconds', { seconds })
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return t('app.age.minutes', { minutes })
  const hours = Math.floor(minutes / 60)
  return t('app.age.hours', { hours, minutes: minutes % 60 })
}

/** The age of data, kept exact: it changes when its words change (each second in the first minute,
 * then at each whole minute), not with the app's minute tick. */
export function Age({ updatedAt }: { updatedAt: number }) {
  const { t } = useT()
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const age = now - updatedAt
    const step = age < 60_000 ? 1000 - (age % 1000) : 60_000 - (age % 60_000)
    const timer = setTimeout(() => setNow(Date.now()), Math.max(50, step))
    return () => clearTimeout(timer)
  }, [now, updatedAt])
  return <>{ageInWords(updatedAt, now, t)}</>
}

/** The four states of every widget: loading, ready, empty, error. When a refresh fails the
 * last good data stays and the widget says how old it is and what went wrong; it recovers by itself. */
export function QueryState<T>({
  query,
  isEmpty,
  empty,
  loading,
  children,
}: {
  query: UseQueryResult<T>
  isEmpty?: (data: T) => boolean
  empty: ReactNode
  /** what shows while the first answer is awaited; a plain skeleton unless given */
  loading?: ReactNode
  children: (data: T) => ReactNode
}) {
  const { t } = useT()
  if (query.isPending) return loading ?? <Skeleton />
  if (query.isError && query.data === undefined) {
    return (
      <p role="alert" className="rounded border border-red-600 p-3">
        <span aria-hidden="true">⚠ </span>
        {describeError(query.error, t)}
        {query.isFetching ? ` — ${t('app.query.retrying')}` : ''}
      </p>
    )
  }
  const data = query.data as T
  return (
    <>
      {query.isError && (
        <p role="alert" className="mb-3 rounded border border-amber-500 p-3">
          <span aria-hidden="true">⚠ </span>
          {t('app.query.couldNotRefresh', { error: describeError(query.error, t) })}{' '}
          {t('app.query.showingFrom')} <FactoryTime epochMs={query.dataUpdatedAt} /> (
          <Age updatedAt={query.dataUpdatedAt} />){t('app.query.retryingAfter')}
        </p>
      )}
      {isEmpty?.(data) ? empty : children(data)}
    </>
  )
}

/** When the data shown was last answered: a query showing its last answer while the next loads (a range
 * a minute on) reports 0, and "Updated …" would vanish and come back, moving what follows. */
export function useAnsweredAt(updatedAt: number): number {
  const last = useRef(0)
  if (updatedAt > 0) last.current = updatedAt
  return last.current
}

/** "Updated 10:42:15" under a widget. */
export function DataAge({ updatedAt }: { updatedAt: number }) {
  const { t } = useT()
  if (!updatedAt) return null
  return (
    <p className="text-sm text-gray-600 dark:text-gray-400">
      {t('app.query.updated')} <FactoryTime epochMs={updatedAt} />
    </p>
  )
}

/** For a widget built from several queries: one line per query that failed, saying what is missing or
 * how old the figures still shown are. Nothing when all is well. */
export function QueriesProblems({
  queries,
}: {
  queries: ReadonlyArray<{
    name: string
    query: Pick<UseQueryResult<unknown>, 'isError' | 'error' | 'data' | 'dataUpdatedAt'>
  }>
}) {
  const { t } = useT()
  const failed = queries.filter(({ query }) => query.isError)
  if (failed.length === 0) return null
  return (
    <ul role="alert" className="space-y-1 rounded border border-amber-500 p-3">
      {failed.map(({ name, query }) => (
        <li key={name}>
          <span aria-hidden="true">⚠ </span>
          {name}: {describeError(query.error, t)}.{' '}
          {query.data === undefined ? (
            t('app.query.notShown')
          ) : (
            <>
              {t('app.query.showingFrom')} <FactoryTime epochMs={query.dataUpdatedAt} /> (
              <Age updatedAt={query.dataUpdatedAt} />){t('app.query.retryingAfter')}
            </>
          )}
        </li>
      ))}
    </ul>
  )
}
