import { useId } from 'react'
import type { AlertSettingsPage } from '../../api/alert-settings'
import { useT } from '../../components/i18n'
import { ChannelEditor } from './channel-editor'
import { type Change, type Draft, newChannel } from './settings-draft'

/** The form's channels: where alerts go besides the dashboards and the wall. */
export function ChannelsSection({
  page,
  draft,
  token,
  change,
}: {
  page: AlertSettingsPage
  draft: Draft
  token: string
  change: Change
}) {
  const { t } = useT()
  const id = useId()
  const health = new Map(page.health.map((h) => [h.channelId, h]))
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-2 text-xl font-semibold">
        {t('alerts.channels.heading')}
      </h2>
      <p className="mb-2 text-sm">
        {t('alerts.channels.intro')}{' '}
        {page.mailConfigured ? t('alerts.channels.mailConfigured') : t('alerts.channels.mailMissing')}
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
        onClick={() => change((d) => void d.channels.push(newChannel(d.channels.length, t)))}
      >
        {t('alerts.channels.add')}
      </button>
    </section>
  )
}
