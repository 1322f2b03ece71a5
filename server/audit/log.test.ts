import { describe, expect, test } from 'vitest'
import { differences } from './log'

describe('what a change changed, for the audit log', () => {
  test('field by field, into objects and lists of one length', () => {
    const before = {
      rules: { state: { minutes: { stopped: 10, error: 5 } } },
      reasons: [{ id: 'a', name: 'Old' }],
    }
    const after = {
      rules: { state: { minutes: { stopped: 15, error: 5 } } },
      reasons: [{ id: 'a', name: 'New' }],
    }
    expect(differences(before, after)).toEqual([
      { at: 'rules.state.minutes.stopped', before: 10, after: 15 },
      { at: 'reasons[0].name', before: 'Old', after: 'New' },
    ])
  })

  test('a list that grew is one difference; what is added or gone is null on its other side', () => {
    expect(differences({ to: ['a@x.example'] }, { to: ['a@x.example', 'b@x.example'], quiet: true })).toEqual(
      [
        { at: 'to', before: ['a@x.example'], after: ['a@x.example', 'b@x.example'] },
        { at: 'quiet', before: null, after: true },
      ],
    )
  })

  test('secrets are never kept, on either side', () => {
    const channel = (url: string) => ({ channels: [{ id: 'hook', url, name: 'Hook' }] })
    expect(differences(channel('https://h.example/k-1'), channel('https://h.example/k-2'))).toEqual([
      { at: 'channels[0].url', before: '(hidden)', after: '(hidden)' },
    ])
    expect(JSON.stringify(differences({ password: 'one' }, { password: 'two' }))).not.toMatch(/one|two/)
  })

  test('nothing changed is no difference, and a flood of them is bounded', () => {
    expect(differences({ a: 1 }, { a: 1 })).toEqual([])
    const many = (n: number) => Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, n]))
    expect(differences(many(1), many(2))).toHaveLength(30)
  })
})
