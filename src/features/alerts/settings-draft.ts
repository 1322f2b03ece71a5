import type { AlertChannel, AlertSettings, AlertSettingsInput } from '../../api/alerts/alert-settings'
import type { Translator } from '../../lib/i18n/translator'

/** A channel as the form edits it: `url` is a new address typed over the saved one (never shown). */
export type DraftChannel = AlertChannel & { url: string }
export type Draft = Omit<AlertSettings, 'channels'> & { channels: DraftChannel[] }
/** Changes the draft in place on a copy (the form's one way to edit it). */
export type Change = (update: (draft: Draft) => void) => void

export const draftOf = (settings: AlertSettings): Draft => ({
  ...structuredClone(settings),
  channels: settings.channels.map((c) => ({ ...c, url: '' })),
})

/** `update` applied to a copy: React sees a new draft and the old one stays as it was. */
export function edited(draft: Draft, update: (draft: Draft) => void): Draft {
  const copy = structuredClone(draft)
  update(copy)
  return copy
}

/** The draft as the server takes it: no id for a new channel, and a `url` only when one was typed (the
 * server keeps the saved address otherwise; the page only knows its host). */
export function settingsInput(draft: Draft): AlertSettingsInput {
  return {
    ...draft,
    channels: draft.channels.map(({ address: _address, url, id, ...c }) => ({
      ...c,
      ...(id ? { id } : {}),
      ...(url.trim() ? { url: url.trim() } : {}),
    })),
  }
}

/** A channel added to a draft that has `count` of them (its name, saved as typed, in the screen's language
 * until someone types another). */
export const newChannel = (count: number, t: Translator['t']): DraftChannel => ({
  id: '',
  name: t('alerts.channels.newName', { number: count + 1 }),
  kind: 'webhook',
  to: [],
  address: null,
  url: '',
  language: null,
})

/** The addresses of an e-mail channel's field: comma-separated, blanks left out. */
export const addressList = (text: string): string[] =>
  text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)

/** A level's channels with `id` ticked or unticked. */
export const withChannel = (channels: readonly string[], id: string, on: boolean): string[] =>
  on ? [...channels, id] : channels.filter((c) => c !== id)
