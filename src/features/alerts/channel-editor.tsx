import type { ReactNode } from 'react'
import { type AlertSettingsPage, testAlertChannel } from '../../api/alerts/alert-settings'
import { useFactoryZone } from '../../api/core/app-config'
import { describeError } from '../../api/core/errors'
import { useWrite } from '../../api/core/use-write'
import { useT } from '../../components/i18n'
import { useMe } from '../../components/signed-in'
import { Button } from '../../components/ui/button'
import { SelectField } from '../../components/ui/select-field'
import { TextField } from '../../components/ui/text-field'
import { formatFactoryTime } from '../../lib/factory-time'
import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from '../../lib/i18n/translator'
import { addressList, type DraftChannel } from './settings-draft'
import { KIND_NAMES } from './settings-words'

type Health = AlertSettingsPage['health'][number]

const FIELD_BOX = 'flex flex-col text-sm'
/** the address takes the rest of the row, and a row of its own on a phone */
const ADDRESS_BOX = 'flex min-w-64 flex-1 flex-col text-sm'

/** One channel of the form (a row of the channels' list): its name, kind and address, the list's `remove`
 * button, a test alert once saved, and how its last delivery went. */
export function ChannelEditor({
  channel,
  health,
  token,
  onChange,
  remove,
}: {
  channel: DraftChannel
  health: Health | undefined
  token: string
  onChange: (next: DraftChannel) => void
  remove: ReactNode
}) {
  const { t } = useT()
  const signedIn = useMe()?.person != null
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
    <>
      <div className="flex flex-wrap items-end gap-3">
        <TextField
          label={t('alerts.channel.name')}
          className={FIELD_BOX}
          value={channel.name}
          maxLength={60}
          onChange={(name) => onChange({ ...channel, name })}
        />
        <SelectField
          label={t('alerts.channel.kind')}
          className={FIELD_BOX}
          value={channel.kind}
          onChange={(kind) => onChange({ ...channel, kind: kind as DraftChannel['kind'] })}
        >
          {Object.entries(KIND_NAMES).map(([kind, name]) => (
            <option key={kind} value={kind}>
              {t(name)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('alerts.channel.language')}
          className={FIELD_BOX}
          value={channel.language ?? ''}
          onChange={(language) => onChange({ ...channel, language: isLanguage(language) ? language : null })}
        >
          <option value="">{t('alerts.channel.languageFactory')}</option>
          {LANGUAGES.map((language) => (
            <option key={language} value={language} lang={language}>
              {LANGUAGE_NAMES[language]}
            </option>
          ))}
        </SelectField>
        {channel.kind === 'email' ? (
          <TextField
            label={t('alerts.channel.addresses')}
            className={ADDRESS_BOX}
            value={channel.to.join(', ')}
            onChange={(to) => onChange({ ...channel, to: addressList(to) })}
          />
        ) : (
          <TextField
            label={
              channel.address
                ? t('alerts.channel.addressSaved', { host: channel.address })
                : t('alerts.channel.address')
            }
            className={ADDRESS_BOX}
            type="url"
            value={channel.url}
            autoComplete="off"
            onChange={(url) => onChange({ ...channel, url })}
          />
        )}
        {remove}
        {channel.id && (
          <Button
            disabled={!token && !signedIn}
            onClick={() => test.mutate({ channelId: channel.id, adminToken: token })}
          >
            {t('alerts.channel.test', { name: channel.name })}
          </Button>
        )}
      </div>
      {tested && (
        <p role="status" className="mt-1 text-sm">
          {tested}
        </p>
      )}
      <ChannelHealth health={health} saved={Boolean(channel.id)} />
    </>
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
