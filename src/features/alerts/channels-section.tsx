import type { AlertSettingsPage } from '../../api/alerts/alert-settings'
import { useT } from '../../components/i18n'
import { EditableList } from '../../components/ui/editable-list'
import { FormSection } from '../../components/ui/form-section'
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
  const health = new Map(page.health.map((h) => [h.channelId, h]))
  return (
    <FormSection heading={t('alerts.channels.heading')} headingClassName="mb-2 text-xl font-semibold">
      <p className="mb-2 text-sm">
        {t('alerts.channels.intro')}{' '}
        {page.mailConfigured ? t('alerts.channels.mailConfigured') : t('alerts.channels.mailMissing')}
      </p>
      <EditableList
        items={draft.channels}
        rowKey={(c, i) => c.id || `new-${i}`}
        className="flex flex-col gap-3"
        rowClassName="rounded border border-gray-300 p-3 dark:border-gray-700"
        addClassName="mt-2"
        addText={t('alerts.channels.add')}
        removeText={(c) => t('alerts.channel.remove', { name: c.name })}
        onAdd={() => change((d) => void d.channels.push(newChannel(d.channels.length, t)))}
        onRemove={(i) => change((d) => void d.channels.splice(i, 1))}
        renderRow={(c, i, remove) => (
          <ChannelEditor
            channel={c}
            health={c.id ? health.get(c.id) : undefined}
            token={token}
            onChange={(next) =>
              change((d) => {
                d.channels[i] = next
              })
            }
            remove={remove}
          />
        )}
      />
    </FormSection>
  )
}
