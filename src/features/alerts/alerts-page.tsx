import { useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, type ReactNode, useId, useState } from 'react'
import { Link } from 'react-router'
import {
  type AlertChannel,
  type AlertSettings,
  type AlertSettingsPage,
  alertSettingsQueryOptions,
  type ChannelInput,
  saveAlertSettings,
  testAlertChannel,
} from '../../api/alert-settings'
import { useAlerts } from '../../api/alerts'
import { appConfigQueryOptions } from '../../api/app-config'
import { CONTROL } from '../../components/form-styles'
import { machinePath } from '../../components/machine-path'
import { useNow } from '../../components/now'
import { QueryState } from '../../components/query-state'
import type { Alert } from '../../lib/domain'
import { formatFactoryTime } from '../../lib/factory-time'
import { AcknowledgeButton } from './acknowledge'
import { alertOrder, clearWords, onItWords, sinceWords } from './alert-words'
import { setNotify, setSound, useNotifyChoice, useSoundChoice } from './signals'

const RULE_TITLES = {
  state: 'Machine down too long',
  'head-breaks': 'One needle of a head breaks again and again',
  'hot-spot': 'New thread-break hot spot this shift',
} as const
type RuleId = keyof typeof RULE_TITLES
const RULES = Object.keys(RULE_TITLES) as RuleId[]
const STATE_NAMES = {
  stopped: 'Stopped',
  threadbreak: 'Thread break',
  error: 'Error',
  'not-reporting': 'Not reporting',
  unknown: 'Unknown status',
} as const
const KIND_NAMES = {
  webhook: 'Webhook (JSON)',
  teams: 'Microsoft Teams',
  slack: 'Slack',
  email: 'E-mail',
} as const
const TOKEN_KEY = 'stitchboard.admin-token'

/** /alerts (issue 19): the alerts now, this browser's sound and notifications, the alarm load against its
 * budget, the channels and how their deliveries went, and the rules (changed with ADMIN_TOKEN). */
/** The two ends of the quiet hours, as the form names them. */
const QUIET_ENDS = [
  ['from', 'Quiet from'],
  ['to', 'Quiet until'],
] as const

export function AlertsPage() {
  const settings = useQuery(alertSettingsQueryOptions())
  // what follows the alerts comes once they are known (or failed): they would push it down as they came
  const listed = !useAlerts().isPending
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-8 p-4">
      <h1 className="text-2xl font-bold">Alerts</h1>
      <AlertsNow />
      {listed && (
        <>
          <ThisBrowser />
          <QueryState query={settings} empty={null}>
            {(page) => (
              <>
                <AlarmLoad page={page} />
                <SettingsForm page={page} />
              </>
            )}
          </QueryState>
        </>
      )}
    </div>
  )
}

function AlertsNow() {
  const alerts = useAlerts()
  const config = useQuery(appConfigQueryOptions())
  const now = useNow() * 1000
  const timeZone = config.data?.timeZone
  return (
    <section aria-labelledby="alerts-now">
      <h2 id="alerts-now" className="mb-2 text-xl font-semibold">
        Now and the last quarter hour
      </h2>
      <QueryState query={alerts} empty={null}>
        {(list) =>
          !list.available ? (
            <p>No alerts: {list.reason}</p>
          ) : list.alerts.length === 0 || !timeZone ? (
            <p>No alert. Everything the rules watch is as it should be.</p>
          ) : (
            <ul className="flex flex-col gap-2">
              {alertOrder(list.alerts).map((alert) => (
                <AlertRecord key={alert.id} alert={alert} now={now} timeZone={timeZone} />
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  )
}

function AlertRecord({ alert, now, timeZone }: { alert: Alert; now: number; timeZone: string }) {
  const time = (at: number) => formatFactoryTime(at, timeZone, false)
  const state =
    alert.clearedAt !== null
      ? 'All clear'
      : alert.acknowledgedAt !== null
        ? 'Someone is on it'
        : 'Needs someone'
  return (
    <li
      className={`rounded border-l-8 border-y border-r p-3 ${alert.clearedAt !== null ? 'border-emerald-600' : alert.acknowledgedAt !== null ? 'border-amber-500' : 'border-red-600'}`}
    >
      <p className="flex flex-wrap items-baseline gap-x-3">
        <span className="font-bold">{state}:</span>
        <Link to={machinePath(alert.machineId)} className="font-semibold underline">
          {alert.machineName}
        </Link>
        <span>— {alert.cause}</span>
        {alert.clearedAt === null && <span>{sinceWords(alert, now, timeZone)}</span>}
      </p>
      <p className="text-sm">{alert.detail.replace(/ (since|First of them)$/, '')}.</p>
      <p className="text-sm text-gray-700 dark:text-gray-300">
        Raised {time(alert.raisedAt)}
        {alert.level >= 0 ? ` · escalation level ${alert.level + 1}` : ''}
        {onItWords(alert, timeZone) ? ` · ${onItWords(alert, timeZone)}` : ''}
        {clearWords(alert, timeZone) ? ` · ${clearWords(alert, timeZone)}` : ''}
      </p>
      {alert.clearedAt === null && alert.acknowledgedAt === null && (
        <div className="mt-1">
          <AcknowledgeButton alert={alert} />
        </div>
      )}
    </li>
  )
}

function ThisBrowser() {
  const sound = useSoundChoice()
  const notify = useNotifyChoice()
  const [problem, setProblem] = useState<string | null>(null)
  return (
    <section aria-labelledby="this-browser">
      <h2 id="this-browser" className="mb-2 text-xl font-semibold">
        This browser
      </h2>
      <div className="flex flex-col gap-1">
        <label className="flex min-h-11 items-center gap-2">
          <input type="checkbox" checked={sound} onChange={(event) => setSound(event.target.checked)} />
          Sound for a new alert (not during quiet hours)
        </label>
        <label className="flex min-h-11 items-center gap-2">
          <input
            type="checkbox"
            checked={notify}
            onChange={(event) => void setNotify(event.target.checked).then(setProblem)}
          />
          Browser notifications for new alerts
        </label>
        {problem && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {problem}
          </p>
        )}
      </div>
    </section>
  )
}

function AlarmLoad({ page }: { page: AlertSettingsPage }) {
  const config = useQuery(appConfigQueryOptions())
  const timeZone = config.data?.timeZone ?? 'UTC'
  const budget = page.settings.alertsPerHour
  return (
    <section aria-labelledby="alarm-load">
      <h2 id="alarm-load" className="mb-2 text-xl font-semibold">
        Alarm load
      </h2>
      <p className="mb-2 text-sm">
        Budget: {budget} alerts an hour for one person (ISA-18.2 plans for about ten). More makes people
        ignore alarms.
      </p>
      {page.load.noisy.length > 0 && (
        <ul role="alert" className="mb-2 rounded border-2 border-amber-500 p-2">
          {page.load.noisy.map((n) => (
            <li key={`${n.rule}-${n.shift}`}>
              <span aria-hidden="true">⚠ </span>Noisy rule: “{n.name}” raised {n.perHour.toFixed(1)} alerts an
              hour in the {n.shift} shift, over the budget of {budget}. Raise its thresholds or turn it off.
            </li>
          ))}
        </ul>
      )}
      {page.problems.map((p) => (
        <p key={p} role="alert" className="mb-2 rounded border border-amber-500 p-2 text-sm">
          <span aria-hidden="true">⚠ </span>
          {p}
        </p>
      ))}
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Alerts per hour in each shift of the last day</caption>
          <thead>
            <tr>
              <th scope="col" className="py-1 pr-3">
                Shift
              </th>
              <th scope="col" className="py-1 pr-3 text-right">
                Alerts an hour
              </th>
              {RULES.map((r) => (
                <th key={r} scope="col" className="py-1 pr-3 text-right">
                  {RULE_TITLES[r]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {page.load.shifts.map((s) => (
              <tr key={s.span[0]} className="border-t border-gray-200 dark:border-gray-800">
                <th scope="row" className="py-1 pr-3 font-normal">
                  {s.shift} from {formatFactoryTime(s.span[0] * 1000, timeZone, false)}
                </th>
                <td className={`py-1 pr-3 text-right tabular-nums ${s.perHour > budget ? 'font-bold' : ''}`}>
                  {s.perHour.toFixed(1)}
                  {s.perHour > budget ? ' (over budget)' : ''}
                </td>
                {RULES.map((r) => (
                  <td key={r} className="py-1 pr-3 text-right tabular-nums">
                    {s.byRule.find((b) => b.rule === r)?.alerts ?? 0}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}

type DraftChannel = AlertChannel & { url: string }
type Draft = Omit<AlertSettings, 'channels'> & { channels: DraftChannel[] }

const draftOf = (settings: AlertSettings): Draft => ({
  ...structuredClone(settings),
  channels: settings.channels.map((c) => ({ ...c, url: '' })),
})

const adminToken = () => {
  try {
    return sessionStorage.getItem(TOKEN_KEY) ?? ''
  } catch {
    return ''
  }
}

function SettingsForm({ page }: { page: AlertSettingsPage }) {
  const client = useQueryClient()
  const [draft, setDraft] = useState<Draft>(() => draftOf(page.settings))
  const [token, setToken] = useState(adminToken)
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null)
  const [saving, setSaving] = useState(false)
  const ids = useId()
  const readOnly = !page.canChange
  const change = (update: (d: Draft) => void) =>
    setDraft((d) => {
      const copy = structuredClone(d)
      update(copy)
      return copy
    })
  const save = async (event: FormEvent) => {
    event.preventDefault()
    setSaving(true)
    setResult(null)
    try {
      const channels: ChannelInput[] = draft.channels.map(({ address: _address, url, id, ...c }) => ({
        ...c,
        ...(id ? { id } : {}),
        ...(url.trim() ? { url: url.trim() } : {}),
      }))
      await saveAlertSettings({ ...draft, channels }, token)
      try {
        sessionStorage.setItem(TOKEN_KEY, token)
      } catch {
        // asked again next time
      }
      const fresh = await client.fetchQuery({ ...alertSettingsQueryOptions(), staleTime: 0 })
      setDraft(draftOf(fresh.settings))
      setResult({ ok: true, text: 'Saved. The rules apply from the next poll.' })
    } catch (error) {
      setResult({ ok: false, text: error instanceof Error ? error.message : String(error) })
    } finally {
      setSaving(false)
    }
  }
  const health = new Map(page.health.map((h) => [h.channelId, h]))
  return (
    <form onSubmit={save} className="flex flex-col gap-8" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="sr-only">
        Alert settings
      </h2>
      {readOnly && (
        <p className="rounded border border-gray-400 p-2">
          These settings are read-only: the server has no ADMIN_TOKEN. Set it to change rules and channels.
        </p>
      )}
      <fieldset disabled={readOnly} className="flex flex-col gap-6">
        <section aria-labelledby={`${ids}-channels`}>
          <h2 id={`${ids}-channels`} className="mb-2 text-xl font-semibold">
            Channels
          </h2>
          <p className="mb-2 text-sm">
            Where alerts go besides every dashboard and the wall. Addresses are kept on the server; a saved
            address shows only its host. E-mail{' '}
            {page.mailConfigured
              ? 'is sent through the server’s SMTP_URL.'
              : 'needs SMTP_URL and ALERT_MAIL_FROM on the server.'}
          </p>
          <ul className="flex flex-col gap-3">
            {draft.channels.map((c, i) => (
              <ChannelEditor
                key={c.id || `new-${i}`}
                channel={c}
                health={c.id ? health.get(c.id) : undefined}
                token={token}
                onChange={(next) =>
                  change((d) => {
                    d.channels[i] = next
                  })
                }
                onRemove={() => change((d) => void d.channels.splice(i, 1))}
              />
            ))}
          </ul>
          <button
            type="button"
            className="mt-2 min-h-11 rounded border border-gray-400 px-3"
            onClick={() =>
              change(
                (d) =>
                  void d.channels.push({
                    id: '',
                    name: `Channel ${d.channels.length + 1}`,
                    kind: 'webhook',
                    to: [],
                    address: null,
                    url: '',
                  }),
              )
            }
          >
            Add a channel
          </button>
        </section>
        {RULES.map((rule) => (
          <RuleEditor key={rule} rule={rule} draft={draft} change={change} />
        ))}
        <section aria-labelledby={`${ids}-general`} className="flex flex-col gap-2">
          <h2 id={`${ids}-general`} className="text-xl font-semibold">
            All rules
          </h2>
          <NumberField
            label="All clear after the cause has been gone for (minutes)"
            value={draft.clearAfterMinutes}
            onChange={(v) =>
              change((d) => {
                d.clearAfterMinutes = v
              })
            }
          />
          <NumberField
            label="Alarm budget (alerts an hour)"
            value={draft.alertsPerHour}
            min={1}
            onChange={(v) =>
              change((d) => {
                d.alertsPerHour = v
              })
            }
          />
          <label className="flex min-h-11 items-center gap-2">
            <input
              type="checkbox"
              checked={draft.quietHours !== null}
              onChange={(event) =>
                change((d) => {
                  d.quietHours = event.target.checked ? { from: '22:00', to: '06:00' } : null
                })
              }
            />
            Quiet hours (no sound on the dashboards)
          </label>
          {draft.quietHours && (
            <div className="flex flex-wrap gap-4">
              {QUIET_ENDS.map(([end, words]) => (
                <label key={end} className="flex items-center gap-2">
                  {words}
                  <input
                    type="time"
                    className={`${CONTROL} min-h-11`}
                    value={draft.quietHours![end]}
                    onChange={(event) =>
                      change((d) => {
                        d.quietHours![end] = event.target.value
                      })
                    }
                  />
                </label>
              ))}
            </div>
          )}
        </section>
      </fieldset>
      {!readOnly && (
        <div className="flex flex-wrap items-center gap-3 border-t border-gray-300 pt-4 dark:border-gray-700">
          <label className="flex items-center gap-2">
            Admin token
            <input
              type="password"
              autoComplete="current-password"
              className={`${CONTROL} min-h-11`}
              value={token}
              onChange={(event) => setToken(event.target.value)}
            />
          </label>
          <button
            type="submit"
            disabled={saving || !token}
            className="min-h-11 rounded bg-gray-900 px-4 font-semibold text-white disabled:opacity-60 dark:bg-gray-100 dark:text-gray-950"
          >
            Save settings
          </button>
          {result && (
            <p
              role={result.ok ? 'status' : 'alert'}
              className={result.ok ? '' : 'text-red-700 dark:text-red-300'}
            >
              {result.text}
            </p>
          )}
        </div>
      )}
    </form>
  )
}

function ChannelEditor({
  channel,
  health,
  token,
  onChange,
  onRemove,
}: {
  channel: DraftChannel
  health: AlertSettingsPage['health'][number] | undefined
  token: string
  onChange: (next: DraftChannel) => void
  onRemove: () => void
}) {
  const [tested, setTested] = useState<string | null>(null)
  const test = async () => {
    setTested('Sending a test…')
    try {
      await testAlertChannel(channel.id, token)
      setTested('Test queued: see the last delivery below in a few seconds.')
    } catch (error) {
      setTested(error instanceof Error ? error.message : String(error))
    }
  }
  return (
    <li className="rounded border border-gray-300 p-3 dark:border-gray-700">
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col text-sm">
          Channel name
          <input
            className={`${CONTROL} min-h-11`}
            value={channel.name}
            maxLength={60}
            onChange={(event) => onChange({ ...channel, name: event.target.value })}
          />
        </label>
        <label className="flex flex-col text-sm">
          Kind
          <select
            className={`${CONTROL} min-h-11`}
            value={channel.kind}
            onChange={(event) => onChange({ ...channel, kind: event.target.value as DraftChannel['kind'] })}
          >
            {Object.entries(KIND_NAMES).map(([kind, name]) => (
              <option key={kind} value={kind}>
                {name}
              </option>
            ))}
          </select>
        </label>
        {channel.kind === 'email' ? (
          <label className="flex min-w-64 flex-1 flex-col text-sm">
            E-mail addresses (comma-separated)
            <input
              className={`${CONTROL} min-h-11`}
              value={channel.to.join(', ')}
              onChange={(event) =>
                onChange({
                  ...channel,
                  to: event.target.value
                    .split(',')
                    .map((t) => t.trim())
                    .filter(Boolean),
                })
              }
            />
          </label>
        ) : (
          <label className="flex min-w-64 flex-1 flex-col text-sm">
            {channel.address ? `Address (saved: ${channel.address}; type to replace)` : 'Address (https://…)'}
            <input
              type="url"
              className={`${CONTROL} min-h-11`}
              value={channel.url}
              autoComplete="off"
              onChange={(event) => onChange({ ...channel, url: event.target.value })}
            />
          </label>
        )}
        <button type="button" className="min-h-11 rounded border border-gray-400 px-3" onClick={onRemove}>
          Remove {channel.name}
        </button>
        {channel.id && (
          <button
            type="button"
            className="min-h-11 rounded border border-gray-400 px-3"
            disabled={!token}
            onClick={() => void test()}
          >
            Send a test alert to {channel.name}
          </button>
        )}
      </div>
      {tested && (
        <p role="status" className="mt-1 text-sm">
          {tested}
        </p>
      )}
      <ChannelHealth health={health} saved={Boolean(channel.id)} />
    </li>
  )
}

function ChannelHealth({
  health,
  saved,
}: {
  health: AlertSettingsPage['health'][number] | undefined
  saved: boolean
}) {
  const config = useQuery(appConfigQueryOptions())
  if (!saved) return <p className="mt-1 text-sm">New: save the settings to use it.</p>
  if (!health || health.lastAttemptAt === null) return <p className="mt-1 text-sm">Nothing sent yet.</p>
  const at = formatFactoryTime(health.lastAttemptAt, config.data?.timeZone ?? 'UTC', false)
  return (
    <p
      className={`mt-1 text-sm ${health.lastOk ? '' : 'font-semibold text-red-700 dark:text-red-300'}`}
      role={health.lastOk ? undefined : 'alert'}
    >
      <span aria-hidden="true">{health.lastOk ? '✓ ' : '⚠ '}</span>
      Last delivery {at}: {health.lastOk ? 'delivered' : 'failed'} ({health.lastDetail}). {health.sent} sent
      {health.pending > 0 ? `, ${health.pending} being retried` : ''}
      {health.failed > 0 ? `, ${health.failed} given up` : ''}.
    </p>
  )
}

function RuleEditor({
  rule,
  draft,
  change,
}: {
  rule: RuleId
  draft: Draft
  change: (update: (d: Draft) => void) => void
}) {
  const settings = draft.rules[rule]
  const id = useId()
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h2 id={id} className="text-xl font-semibold">
        {RULE_TITLES[rule]}
      </h2>
      <label className="flex min-h-11 items-center gap-2">
        <input
          type="checkbox"
          checked={settings.enabled}
          onChange={(event) =>
            change((d) => {
              d.rules[rule].enabled = event.target.checked
            })
          }
        />
        Rule on: {RULE_TITLES[rule]}
      </label>
      {rule === 'state' && (
        <div className="flex flex-wrap gap-4">
          {(Object.keys(STATE_NAMES) as Array<keyof typeof STATE_NAMES>).map((state) => (
            <NumberField
              key={state}
              label={`${STATE_NAMES[state]} for longer than (minutes)`}
              value={draft.rules.state.minutes[state]}
              onChange={(v) =>
                change((d) => {
                  d.rules.state.minutes[state] = v
                })
              }
            />
          ))}
        </div>
      )}
      {rule === 'head-breaks' && (
        <div className="flex flex-wrap gap-4">
          <NumberField
            label="Breaks in a row on one needle"
            value={draft.rules['head-breaks'].inARow}
            min={2}
            onChange={(v) =>
              change((d) => {
                d.rules['head-breaks'].inARow = v
              })
            }
          />
          <NumberField
            label="Within (minutes)"
            value={draft.rules['head-breaks'].withinMinutes}
            min={1}
            onChange={(v) =>
              change((d) => {
                d.rules['head-breaks'].withinMinutes = v
              })
            }
          />
        </div>
      )}
      {rule === 'hot-spot' && (
        <p className="text-sm">The thread-break page’s hot-spot rule, on the breaks of the current shift.</p>
      )}
      <Levels rule={rule} draft={draft} change={change} />
    </section>
  )
}

function Levels({
  rule,
  draft,
  change,
}: {
  rule: RuleId
  draft: Draft
  change: (update: (d: Draft) => void) => void
}) {
  const levels = draft.rules[rule].levels
  const saved = draft.channels.filter((c) => c.id)
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="text-left font-medium">Escalation, until someone is on it</caption>
        <thead>
          <tr>
            <th scope="col" className="py-1 pr-3">
              Level
            </th>
            <th scope="col" className="py-1 pr-3">
              After (minutes)
            </th>
            <th scope="col" className="py-1 pr-3">
              Tell
            </th>
          </tr>
        </thead>
        <tbody>
          {levels.map((level, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: levels are edited in place, by position
            <tr key={i} className="border-t border-gray-200 align-top dark:border-gray-800">
              <td className="py-1 pr-3">
                <input
                  aria-label={`Level ${i + 1} name`}
                  className={`${CONTROL} min-h-11`}
                  value={level.name}
                  onChange={(event) =>
                    change((d) => {
                      d.rules[rule].levels[i]!.name = event.target.value
                    })
                  }
                />
              </td>
              <td className="py-1 pr-3">
                <input
                  aria-label={`Level ${i + 1} after minutes`}
                  type="number"
                  min={0}
                  // the server keeps fractions (0.2 min = 12 s); a whole-number step made the browser refuse
                  // to send the form at all once one was stored
                  step="any"
                  className={`${CONTROL} min-h-11 w-24`}
                  value={level.afterMinutes}
                  onChange={(event) =>
                    change((d) => {
                      d.rules[rule].levels[i]!.afterMinutes = Number(event.target.value)
                    })
                  }
                />
              </td>
              <td className="py-1 pr-3">
                {i === 0 && <p>Every dashboard and the wall, always.</p>}
                {saved.length === 0 ? (
                  i > 0 && <p>No channel saved yet.</p>
                ) : (
                  <ul className="flex flex-wrap gap-x-4">
                    {saved.map((c) => (
                      <li key={c.id}>
                        <label className="flex min-h-11 items-center gap-1">
                          <input
                            type="checkbox"
                            checked={level.channels.includes(c.id)}
                            onChange={(event) =>
                              change((d) => {
                                const list = d.rules[rule].levels[i]!.channels
                                d.rules[rule].levels[i]!.channels = event.target.checked
                                  ? [...list, c.id]
                                  : list.filter((x) => x !== c.id)
                              })
                            }
                          />
                          {c.name}
                        </label>
                      </li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function NumberField({
  label,
  value,
  onChange,
  min = 0,
}: {
  label: ReactNode
  value: number
  onChange: (value: number) => void
  min?: number
}) {
  return (
    <label className="flex flex-col text-sm">
      {label}
      <input
        type="number"
        min={min}
        step="any"
        className={`${CONTROL} min-h-11 w-32`}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
      />
    </label>
  )
}
