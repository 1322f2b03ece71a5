import { describe, expect, test } from 'vitest'
import { buildAlertSettings } from '../../../test/build-alert-settings'
import { t } from '../../../test/messages'
import {
  addressList,
  type DraftChannel,
  draftOf,
  edited,
  newChannel,
  settingsInput,
  withChannel,
} from './settings-draft'

const settings = buildAlertSettings()
const channel = (changes: Partial<DraftChannel>): DraftChannel => ({
  id: 'sup',
  name: 'Supervisor',
  kind: 'webhook',
  to: [],
  address: 'hooks.example',
  language: null,
  url: '',
  ...changes,
})

describe('the settings form’s draft', () => {
  test('starts from the saved settings with no address typed, and is a copy of them', () => {
    const draft = draftOf(settings)
    expect(draft.channels).toEqual([{ ...settings.channels[0], url: '' }])
    draft.rules.state.levels[0]!.name = 'Changed'
    expect(settings.rules.state.levels[0]!.name).toBe('Wall')
  })

  test('an edit changes a copy, never the draft React holds', () => {
    const draft = draftOf(settings)
    const next = edited(draft, (d) => {
      d.alertsPerHour = 10
    })
    expect([draft.alertsPerHour, next.alertsPerHour]).toEqual([6, 10])
  })

  test.each<[string, DraftChannel, Record<string, unknown>]>([
    [
      'a saved channel keeps its id and its saved address (no url)',
      channel({}),
      { id: 'sup', name: 'Supervisor', kind: 'webhook', to: [], language: null },
    ],
    [
      'a typed address replaces the saved one, trimmed',
      channel({ url: '  https://new.example/hook ' }),
      {
        id: 'sup',
        name: 'Supervisor',
        kind: 'webhook',
        to: [],
        language: null,
        url: 'https://new.example/hook',
      },
    ],
    [
      'only blanks typed: no url',
      channel({ url: '   ' }),
      { id: 'sup', name: 'Supervisor', kind: 'webhook', to: [], language: null },
    ],
    [
      'a new channel has no id',
      channel({ id: '', address: null, url: 'https://a.example' }),
      { name: 'Supervisor', kind: 'webhook', to: [], language: null, url: 'https://a.example' },
    ],
    [
      'a channel told in German says so',
      channel({ language: 'de' }),
      { id: 'sup', name: 'Supervisor', kind: 'webhook', to: [], language: 'de' },
    ],
    [
      'an e-mail channel sends its addresses',
      channel({ kind: 'email', to: ['a@b.example'], address: null }),
      { id: 'sup', name: 'Supervisor', kind: 'email', to: ['a@b.example'], language: null },
    ],
  ])('as the server takes it: %s', (_, draftChannel, sent) => {
    const input = settingsInput({ ...draftOf(settings), channels: [draftChannel] })
    expect(input.channels).toEqual([sent])
    expect(input.rules).toEqual(settings.rules)
  })

  test.each([
    ['a@b.example', ['a@b.example']],
    [' a@b.example , c@d.example ', ['a@b.example', 'c@d.example']],
    ['a@b.example,,', ['a@b.example']],
    ['', []],
  ])('e-mail addresses typed as %j', (typed, list) => {
    expect(addressList(typed)).toEqual(list)
  })

  test.each([
    [['a'], 'b', true, ['a', 'b']],
    [['a', 'b'], 'a', false, ['b']],
    [[], 'a', false, []],
  ])('level channels %j with %s ticked %s', (channels, id, on, result) => {
    expect(withChannel(channels, id, on)).toEqual(result)
  })

  test('a new channel is named after its place and has no address yet', () => {
    expect(newChannel(1, t)).toEqual({
      id: '',
      name: 'Channel 2',
      kind: 'webhook',
      to: [],
      address: null,
      url: '',
      language: null,
    })
  })
})
