import { lazy, Suspense } from 'react'
import type { MalformedRecord } from '../lib/domain'

/** The list itself, loaded only when an answer had records that could not be read (rarely): not part of
 * any page's first load. */
const MalformedRecordsList = lazy(() =>
  import('./malformed-records-list').then((module) => ({ default: module.MalformedRecordsList })),
)

/** Records of an answer that could not be read: each shown as its raw data (as text, never as HTML)
 * with what was wrong, so nothing is lost silently and the rest of the list still shows. Nothing when
 * every record was read. */
export function MalformedRecords(props: {
  records: readonly MalformedRecord[]
  /** "3 machine records could not be read", in the screen's language (a plural message of the caller) */
  title: (count: number) => string
}) {
  if (props.records.length === 0) return null
  return (
    <Suspense fallback={null}>
      <MalformedRecordsList {...props} />
    </Suspense>
  )
}
