import { useQuery } from '@tanstack/react-query'
import { type AlertSettingsPage, testAlertChannel } from '../../api/alert-settings'
import { appConfigQueryOptions } from '../../api/app-config'
import { describeError } from '../../api/errors'
import { useWrite } from '../../api/use-write'
import { CONTROL } from '../../components/form-styles'
import { formatFactoryTime } from '../../lib/factory-time'
import { addressList, type DraftChannel } from './settings-draft'
import { KIND_NAMES } from './settings-words'

type Health = AlertSettingsPage['health'][number]

/** One channel of the form: its name, kind and address, a test alert once saved, and how its last
 * delivery went. */
export function ChannelEditor({
  channel,
  health,
  token,
  onChange,
  onRemove,
}: {
  channel: DraftChannel
  health: Health | undefined
  token: string
  onChange: (next: DraftChannel) => void
  onRemove: () => void
}) {
  // the answer only says the test is queued: its delivery shows in the health line when the page next
  // refreshes, so nothing is invalidated here
  const test = useWrite({
    mutationFn: ({ channelId, adminToken }: { channelId: string; adminToken: string }) =>
      testAlertChannel(channelId, adminToken),
  })
  const tested = test.isPending
    ? 'Sending a test…'
    : test.isSuccess
      ? 'Test queued: see the last delivery below in a few seconds.'
      : test.isError
        ? describeError(test.error)
        : null
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
              onChange={(event) => onChange({ ...channel, to: addressList(event.target.value) })}
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
            onClick={() => test.mutate({ channelId: channel.id, adminToken: token })}
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

function ChannelHealth({ health, saved }: { health: Health | undefined; saved: boolean }) {
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
