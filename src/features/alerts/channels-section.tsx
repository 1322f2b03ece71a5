import { useId } from 'react'
import type { AlertSettingsPage } from '../../api/alert-settings'
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
  const id = useId()
  const health = new Map(page.health.map((h) => [h.channelId, h]))
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-2 text-xl font-semibold">
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
        onClick={() => change((d) => void d.channels.push(newChannel(d.channels.length)))}
      >
        Add a channel
      </button>
    </section>
  )
}
