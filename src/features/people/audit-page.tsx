import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useFactoryZone } from '../../api/core/app-config'
import { appUrl } from '../../api/core/base-path'
import { type AuditQuery, type AuditRow, auditQueryOptions } from '../../api/people/people'
import { useT } from '../../components/i18n'
import { useNow } from '../../components/now'
import { QueryState } from '../../components/query-state'
import { ScrollArea } from '../../components/scroll-area'
import { SignInFirst, useMe } from '../../components/signed-in'
import { Button } from '../../components/ui/button'
import { SelectField } from '../../components/ui/select-field'
import { TextField } from '../../components/ui/text-field'
import { formatFactoryDate, formatFactoryTime } from '../../lib/factory-time'
import type { MessageKey } from '../../lib/i18n/translator'

const CELL = 'px-2 py-1 text-left align-top'
const DAY = 86_400_000
const RANGES = [1, 7, 30, 92] as const
const CATEGORIES = [
  'access',
  'stops',
  'plan',
  'orders',
  'maintenance',
  'alerts',
  'reports',
  'people',
  'backup',
] as const
const CATEGORY_WORDS: Record<(typeof CATEGORIES)[number], MessageKey> = {
  access: 'people.audit.category.access',
  stops: 'people.audit.category.stops',
  plan: 'people.audit.category.plan',
  orders: 'people.audit.category.orders',
  maintenance: 'people.audit.category.maintenance',
  alerts: 'people.audit.category.alerts',
  reports: 'people.audit.category.reports',
  people: 'people.audit.category.people',
  backup: 'people.audit.category.backup',
}
/** The server's events (server/people/route-roles.ts, the sign-in routes, the commands) in words. */
const EVENT_WORDS: Readonly<Record<string, MessageKey>> = {
  'reason given': 'people.audit.event.reasonGiven',
  'stop split': 'people.audit.event.stopSplit',
  "I'm on it": 'people.audit.event.onIt',
  'rejects entered': 'people.audit.event.rejects',
  'target set': 'people.audit.event.target',
  'planned stop added': 'people.audit.event.plannedAdded',
  'planned stop cancelled': 'people.audit.event.plannedCancelled',
  'report sent now': 'people.audit.event.sentNow',
  'stop settings changed': 'people.audit.event.stopSettings',
  'alert settings changed': 'people.audit.event.alertSettings',
  'channel tested': 'people.audit.event.channelTested',
  'report settings changed': 'people.audit.event.reportSettings',
  'person added': 'people.audit.event.personAdded',
  'person changed': 'people.audit.event.personChanged',
  "person's sessions ended": 'people.audit.event.personSessionsEnded',
  'session ended': 'people.audit.event.sessionEnded',
  'every session ended': 'people.audit.event.allSessionsEnded',
  'sign-in': 'people.audit.event.signIn',
  'sign-out': 'people.audit.event.signOut',
  'first administrator': 'people.audit.event.firstAdmin',
  backup: 'people.audit.event.backup',
  restore: 'people.audit.event.restore',
  'password set': 'people.audit.event.passwordSet',
  'audit log exported': 'people.audit.event.exported',
  'device added': 'people.audit.event.deviceAdded',
  'device enrolled': 'people.audit.event.deviceEnrolled',
  'device revoked': 'people.audit.event.deviceRevoked',
  'device PIN entry unlocked': 'people.audit.event.deviceUnlocked',
  'PIN set': 'people.audit.event.pinSet',
}

const RESULT_WORDS: Record<AuditRow['result'], MessageKey> = {
  ok: 'people.audit.result.ok',
  refused: 'people.audit.result.refused',
  failed: 'people.audit.result.failed',
}

/** /audit: an administrator's view of the audit log, newest first, by range, category, result and who;
 * a hundred entries at a time. What was asked is shown as the server kept it (secrets hidden). */
export function AuditPage() {
  const { t } = useT()
  const me = useMe()
  const now = useNow()
  const admin = me?.person?.role === 'admin'
  const [days, setDays] = useState<number>(7)
  const [category, setCategory] = useState('')
  const [result, setResult] = useState('')
  const [actor, setActor] = useState('')
  // pages already read, each starting before the last entry of the one before
  const [pages, setPages] = useState<number[]>([])
  // to the minute after now (Unix seconds), so a new entry is in the range
  const till = (Math.ceil(now / 60) + 1) * 60_000
  const base: AuditQuery = { from: till - days * DAY, till, category, result, actor: actor.trim() }
  const filter = (change: () => void) => {
    change()
    setPages([])
  }
  return (
    <section className="space-y-4 p-4" aria-labelledby="audit-heading">
      <h1 id="audit-heading" className="text-2xl font-semibold">
        {t('people.audit.title')}
      </h1>
      <p className="max-w-3xl">{t('people.audit.intro')}</p>
      {me && !me.person && (me.accounts ? <SignInFirst /> : <p>{t('people.list.firstAdmin')}</p>)}
      {me?.person && !admin && <p>{t('people.audit.adminOnly')}</p>}
      {admin && (
        <>
          <div className="flex flex-wrap items-end gap-3">
            <SelectField
              label={t('people.audit.range')}
              value={days}
              onChange={(v) => filter(() => setDays(Number(v)))}
            >
              {RANGES.map((d) => (
                <option key={d} value={d}>
                  {t('people.audit.days', { count: d })}
                </option>
              ))}
            </SelectField>
            <SelectField
              label={t('people.audit.categoryLabel')}
              value={category}
              onChange={(v) => filter(() => setCategory(v))}
            >
              <option value="">{t('people.audit.all')}</option>
              {CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {t(CATEGORY_WORDS[c])}
                </option>
              ))}
            </SelectField>
            <SelectField
              label={t('people.audit.resultLabel')}
              value={result}
              onChange={(v) => filter(() => setResult(v))}
            >
              <option value="">{t('people.audit.all')}</option>
              {(['ok', 'refused', 'failed'] as const).map((r) => (
                <option key={r} value={r}>
                  {t(RESULT_WORDS[r])}
                </option>
              ))}
            </SelectField>
            <TextField
              label={t('people.audit.who')}
              maxLength={60}
              value={actor}
              onChange={(v) => filter(() => setActor(v))}
            />
            <a
              className="inline-flex min-h-11 items-center rounded border border-gray-400 px-3 underline-offset-4 hover:underline dark:border-gray-600"
              href={appUrl(`/api/audit/export?${exportParams(base)}`)}
              download
            >
              {t('people.audit.export')}
            </a>
          </div>
          <AuditPageOf
            query={base}
            onMore={(before) => setPages((p) => [...p, before])}
            last={pages.length === 0}
          />
          {pages.map((before, i) => (
            <AuditPageOf
              key={before}
              query={{ ...base, before }}
              onMore={(next) => setPages((p) => [...p, next])}
              last={i === pages.length - 1}
            />
          ))}
        </>
      )}
    </section>
  )
}

/** The export's query: the page's filters, the whole range. */
function exportParams(q: AuditQuery): string {
  const params = new URLSearchParams({ from: String(q.from), till: String(q.till) })
  for (const key of ['category', 'result', 'actor'] as const) if (q[key]) params.set(key, q[key]!)
  return params.toString()
}

/** One hundred entries, with "More" under the last page read. */
function AuditPageOf({
  query,
  onMore,
  last,
}: {
  query: AuditQuery
  onMore: (before: number) => void
  last: boolean
}) {
  const { t } = useT()
  const timeZone = useFactoryZone()
  const entries = useQuery(auditQueryOptions(query))
  const when = (at: number) => `${formatFactoryDate(at, timeZone)} ${formatFactoryTime(at, timeZone)}`
  return (
    <QueryState
      query={entries}
      isEmpty={(data) => data.entries.length === 0 && query.before === undefined}
      empty={<p>{t('people.audit.none')}</p>}
    >
      {(data) => (
        <>
          {data.entries.length > 0 && (
            <ScrollArea label={t('people.audit.title')}>
              <table className="min-w-full text-sm">
                <thead>
                  <tr className="border-b border-gray-300 dark:border-gray-700">
                    <th className={CELL}>{t('people.audit.when')}</th>
                    <th className={CELL}>{t('people.audit.who')}</th>
                    <th className={CELL}>{t('people.audit.what')}</th>
                    <th className={CELL}>{t('people.audit.resultLabel')}</th>
                    <th className={CELL}>{t('people.audit.asked')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.entries.map((e) => (
                    <tr key={e.id} className="border-b border-gray-200 dark:border-gray-800">
                      <td className={`${CELL} whitespace-nowrap tabular-nums`}>{when(e.at)}</td>
                      <td className={CELL}>
                        {e.actor}
                        {e.address && (
                          <span className="block text-xs text-gray-700 dark:text-gray-300">{e.address}</span>
                        )}
                      </td>
                      <td className={CELL}>
                        <span className="block">
                          {EVENT_WORDS[e.event] ? t(EVENT_WORDS[e.event]!) : e.event}
                        </span>
                        <span className="block break-all text-xs text-gray-700 dark:text-gray-300">
                          {e.target}
                        </span>
                      </td>
                      <td className={CELL}>
                        {t(RESULT_WORDS[e.result])}
                        {e.status > 0 && ` (${e.status})`}
                      </td>
                      <td className={`${CELL} max-w-md break-all font-mono text-xs`}>
                        <Detail detail={e.detail} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollArea>
          )}
          {last && data.more && (
            <Button onClick={() => onMore(data.entries.at(-1)!.id)}>{t('people.audit.more')}</Button>
          )}
        </>
      )}
    </QueryState>
  )
}

/** An entry's detail: what a change changed, one line each ("role: "operator" → "supervisor""), then
 * the rest as it was kept (what was asked, the refusal's words). */
function Detail({ detail }: { detail: Record<string, unknown> }) {
  const { changes, ...rest } = detail
  const list = Array.isArray(changes)
    ? (changes as Array<{ at: string; before: unknown; after: unknown }>)
    : []
  return (
    <>
      {list.length > 0 && (
        <ul className="mb-1">
          {list.map((change) => (
            <li key={change.at}>
              {change.at}: {JSON.stringify(change.before)} → {JSON.stringify(change.after)}
            </li>
          ))}
        </ul>
      )}
      {Object.keys(rest).length > 0 && JSON.stringify(rest)}
    </>
  )
}
