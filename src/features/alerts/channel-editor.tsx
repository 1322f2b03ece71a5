import { type AlertSettingsPage, testAlertChannel } from '../../api/alert-settings'
import { useFactoryZone } from '../../api/app-config'
import { describeError } from '../../api/errors'
import { useWrite } from '../../api/use-write'
import { CONTROL } from '../../components/form-styles'
import { useT } from '../../components/i18n'
import { formatFactoryTime } from '../../lib/factory-time'
import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from '../../lib/i18n/translator'
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
  const { t } = useT()
  // the answer only says the test is queued: its delivery shows in the health line when the page next
  // refreshes, so nothing is invalidated here
  const test = useWrite({
    mutationFn: ({ channelId, adminToken }: { channelId: string; adminToken: string }) =>
      testAlertChannel(channelId, adminToken),
  })
  const tested = test.isPending
    ? t('alerts.channel.sending')
    : test.isSuccess
      ? t('alerts.channel.queued')
      : test.isError
        ? describeError(test.error, t)
        : null
  return (
    <li className="rounded border border-gray-300 p-3 dark:border-gray-700">
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col text-sm">
          {t('alerts.channel.name')}
          <input
            className={`${CONTROL} min-h-11`}
            value={channel.name}
            maxLength={60}
            onChange={(event) => onChange({ ...channel, name: event.target.value })}
          />
        </label>
        <label className="flex flex-col text-sm">
          {t('alerts.channel.kind')}
          <select
            className={`${CONTROL} min-h-11`}
            value={channel.kind}
            onChange={(event) => onChange({ ...channel, kind: event.target.value as DraftChannel['kind'] })}
          >
            {Object.entries(KIND_NAMES).map(([kind, name]) => (
              <option key={kind} value={kind}>
                {t(name)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col text-sm">
          {t('alerts.channel.language')}
          <select
            className={`${CONTROL} min-h-11`}
            value={channel.language ?? ''}
            onChange={(event) =>
              onChange({ ...channel, language: isLanguage(event.target.value) ? event.target.value : null })
            }
          >
            <option value="">{t('alerts.channel.languageFactory')}</option>
            {LANGUAGES.map((language) => (
              <option key={language} value={language} lang={language}>
                {LANGUAGE_NAMES[language]}
              </option>
            ))}
          </select>
        </label>
        {channel.kind === 'email' ? (
          <label className="flex min-w-64 flex-1 flex-col text-sm">
            {t('alerts.channel.addresses')}
            <input
              className={`${CONTROL} min-h-11`}
              value={channel.to.join(', ')}
              onChange={(event) => onChange({ ...channel, to: addressList(event.target.value) })}
            />
          </label>
        ) : (
          <label className="flex min-w-64 flex-1 flex-col text-sm">
            {channel.address
              ? t('alerts.channel.addressSaved', { host: channel.address })
              : t('alerts.channel.address')}
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
          {t('alerts.channel.remove', { name: channel.name })}
        </button>
        {channel.id && (
          <button
            type="button"
            className="min-h-11 rounded border border-gray-400 px-3"
            disabled={!token}
            onClick={() => test.mutate({ channelId: channel.id, adminToken: token })}
          >
            {t('alerts.channel.test', { name: channel.name })}
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
  const { t } = useT()
  const timeZone = useFactoryZone()
  if (!saved) return <p className="mt-1 text-sm">{t('alerts.channel.new')}</p>
  if (!health || health.lastAttemptAt === null)
    return <p className="mt-1 text-sm">{t('alerts.channel.nothingSent')}</p>
  const at = formatFactoryTime(health.lastAttemptAt, timeZone, false)
  const counts = [
    t('alerts.channel.sent', { count: health.sent }),
    health.pending > 0 ? t('alerts.channel.retrying', { count: health.pending }) : null,
    health.failed > 0 ? t('alerts.channel.givenUp', { count: health.failed }) : null,
  ].filter((part) => part !== null)
  return (
    <p
      className={`mt-1 text-sm ${health.lastOk ? '' : 'font-semibold text-red-700 dark:text-red-300'}`}
      role={health.lastOk ? undefined : 'alert'}
    >
      <span aria-hidden="true">{health.lastOk ? '✓ ' : '⚠ '}</span>
      {t(health.lastOk ? 'alerts.channel.delivered' : 'alerts.channel.failed', {
        time: at,
        detail: health.lastDetail ?? '',
      })}{' '}
      {counts.join(', ')}.
    </p>
  )
}
