import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { describeError } from '../api/errors'
import { FactoryTime } from './factory-time'
import { useNow } from './now'
import { Skeleton } from './skeleton'

/** How old data is, in words, against the app's minute tick. */
export function ageInWords(updatedAtMs: number, nowSeconds: number): string {
  const minutes = Math.floor((nowSeconds * 1000 - updatedAtMs) / 60_000)
  if (minutes < 1) return 'less than a minute ago'
  if (minutes < 60) return `${minutes} min ago`
  const hours = Math.floor(minutes / 60)
  return `${hours} h ${minutes % 60} min ago`
}

/** The four states of every widget (STYLE.md): loading, ready, empty, error. When a refresh fails the
 * last good data stays and the widget says how old it is and what went wrong; it recovers by itself. */
export function QueryState<T>({
  query,
  isEmpty,
  empty,
  children,
}: {
  query: UseQueryResult<T>
  isEmpty?: (data: T) => boolean
  empty: ReactNode
  children: (data: T) => ReactNode
}) {
  const now = useNow()
  if (query.isPending) return <Skeleton />
  if (query.isError && query.data === undefined) {
    return (
      <p role="alert" className="rounded border border-red-600 p-3">
        <span aria-hidden="true">⚠ </span>
        {describeError(query.error)}
        {query.isFetching ? ' — retrying…' : ''}
      </p>
    )
  }
  const data = query.data as T
  return (
    <>
      {query.isError && (
        <p role="alert" className="mb-3 rounded border border-amber-500 p-3">
          <span aria-hidden="true">⚠ </span>
          Could not refresh: {describeError(query.error)}. Showing data from{' '}
          <FactoryTime epochMs={query.dataUpdatedAt} /> ({ageInWords(query.dataUpdatedAt, now)}
          ); retrying.
        </p>
      )}
      {isEmpty?.(data) ? empty : children(data)}
    </>
  )
}

/** "Updated 10:42:15" under a widget. */
export function DataAge({ updatedAt }: { updatedAt: number }) {
  if (!updatedAt) return null
  return (
    <p className="text-sm text-gray-600 dark:text-gray-400">
      Updated <FactoryTime epochMs={updatedAt} />
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
  const now = useNow()
  const failed = queries.filter(({ query }) => query.isError)
  if (failed.length === 0) return null
  return (
    <ul role="alert" className="space-y-1 rounded border border-amber-500 p-3">
      {failed.map(({ name, query }) => (
        <li key={name}>
          <span aria-hidden="true">⚠ </span>
          {name}: {describeError(query.error)}.{' '}
          {query.data === undefined ? (
            'Not shown; retrying.'
          ) : (
            <>
              Showing data from <FactoryTime epochMs={query.dataUpdatedAt} /> (
              {ageInWords(query.dataUpdatedAt, now)}); retrying.
            </>
          )}
        </li>
      ))}
    </ul>
  )
}
