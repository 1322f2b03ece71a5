// One piece: the alert rules' tables of cases (state, head breaks, hot spots, escalation steps) share
// their builders and read as one specification.
import { describe, expect, test } from 'vitest'
import type { ThreadbreakEvent } from '../../src/lib/domain'
import { isQuiet } from '../../src/lib/quiet-hours'
import { DEMO_STATUS_ENTRIES } from '../../src/lib/status-codes'
import type { OpenInterval } from '../history/store'
import { speaking } from '../messages'
import { messageOf, slackBody, teamsBody, webhookBody } from './channels'
import { replay } from './replay'
import { type Condition, headBreakConditions, hotSpotConditions, stateConditions, step } from './rules'
import { type AlertSettings, defaultSettings, mergeSettings, publicSettings } from './settings'
import { alarmLoad, alertReport } from './stats'
import type { AlertView } from './store'

/** Issue 19: the alert rules and their lifecycle on recorded histories, on a pinned clock (T0 and minutes
 * after it; nothing reads the machine's clock). */
const T0 = Date.UTC(2026, 10, 18, 10, 0)
const MIN = 60_000
const codes = new Map(DEMO_STATUS_ENTRIES.map((e) => [e.code, e]))
const facts = new Map([
  [
    'M1',
    {
      name: 'North 01',
      heads: 6,
      needles: 12,
      locationId: 1,
      setSpeed: 1000,
      activeHeads: 6,
      designStitches: null,
    },
  ],
])

/** A machine's recorded states as [minute it began, code, turning]: what the history's open interval is
 * at any instant. */
type Timeline = ReadonlyArray<readonly [minute: number, code: number | null, turning?: boolean]>
const openAt = (timeline: Timeline, at: number, machineId = 'M1'): OpenInterval => {
  const [minute, code, turning] = [...timeline].reverse().find(([m]) => T0 + m * MIN <= at)!
  return {
    id: 1,
    machineId,
    code,
    turning: turning ?? code === 1,
    reporting: true,
    designId: 'D-1',
    startedAt: T0 + minute * MIN,
    seenSince: false,
  }
}

const settings = (change: (s: AlertSettings) => void = () => {}) => {
  const s = defaultSettings()
  change(s)
  return s
}

/** "0:2 9:1": code 2 from minute 0, code 1 from minute 9. */
const tl = (text: string): Timeline =>
  text.split(' ').map((part) => {
    const [minute, code] = part.split(':').map(Number)
    return [minute!, code!] as const
  })

/** One evaluation per poll (15 s) from T0 for `minutes`, on one machine's timeline. */
function* polls(timeline: Timeline, minutes: number, s: AlertSettings) {
  for (let at = T0; at <= T0 + minutes * MIN; at += 15_000)
    yield { at, conditions: stateConditions([openAt(timeline, at)], facts, codes, s.rules.state, at) }
}

describe('the state rule', () => {
  test('a stop shorter than its threshold raises nothing; one longer raises one alert at the threshold', () => {
    const s = settings()
    // stopped (2) 10:00–10:09 (9 min < 10), running, stopped again 10:20–10:45
    const alerts = replay(polls(tl('0:2 9:1 20:2 45:1'), 60, s), s)
    expect(alerts).toHaveLength(1)
    expect(alerts[0]).toMatchObject({ cause: 'Stopped', since: T0 + 20 * MIN, raisedAt: T0 + 30 * MIN })
    // all clear: the machine ran from 10:45, for the 2 minutes the settings ask
    expect(alerts[0]!.clearedAt).toBe(T0 + 45 * MIN)
  })

  test('each state has its own threshold; running, idle and setup never alert', () => {
    const s = settings((x) => {
      x.rules.state.minutes.error = 2
    })
    const at = T0 + 3 * MIN
    const conditions = stateConditions(
      [
        { ...openAt(tl('0:99'), at), machineId: 'E' },
        { ...openAt(tl('0:9'), at), machineId: 'T' },
        { ...openAt(tl('0:40'), at), machineId: 'I' },
        { ...openAt(tl('0:30'), at), machineId: 'S' },
        { ...openAt([[0, 2, true]], at), machineId: 'R' },
        { ...openAt(tl('0:4711'), at), machineId: 'U' },
        { ...openAt(tl('0:1'), at), machineId: 'N', reporting: false },
      ],
      facts,
      codes,
      s.rules.state,
      at,
    )
    expect(conditions.map((c) => [c.machineId, c.cause, c.due])).toEqual([
      ['E', 'Machine error', true],
      ['T', 'Thread break', false],
      ['U', 'Status 4711', false],
      ['N', 'Not reporting', false],
    ])
  })

  test('hysteresis: a machine that flaps between running and stopped gives one alert, not twenty', () => {
    const s = settings()
    // stopped 10:00–10:15, then a minute running and a minute stopped, twenty times over
    const timeline: Array<readonly [number, number]> = [[0, 2]]
    for (let i = 0; i < 20; i++) timeline.push([15 + 2 * i, 1], [16 + 2 * i, 2])
    timeline.push([55, 1])
    const alerts = replay(polls(timeline, 70, s), s)
    expect(alerts).toHaveLength(1)
    expect(alerts[0]!.clearedAt).toBe(T0 + 55 * MIN)
  })

  test('a stop turning into a thread break is the same alert, its cause updated', () => {
    const s = settings()
    const open = [
      {
        id: 1,
        key: 'M1|state',
        rule: 'state' as const,
        raisedAt: T0,
        level: 0,
        acknowledgedAt: null,
        okSince: null,
      },
    ]
    const at = T0 + 11 * MIN
    const next = step(
      at,
      open,
      stateConditions([openAt(tl('0:2 11:9'), at)], facts, codes, s.rules.state, at),
      s,
    )
    expect(next.raise).toEqual([])
    expect(next.clear).toEqual([])
    expect(next.hold).toMatchObject([{ id: 1, condition: { cause: 'Thread break', due: false } }])
  })
})

describe('escalation', () => {
  const s = settings((x) => {
    x.rules.state.levels = [
      { name: 'Wall', afterMinutes: 0, channels: [] },
      { name: 'Supervisor', afterMinutes: 15, channels: [] },
      { name: 'Manager', afterMinutes: 45, channels: [] },
    ]
  })

  test('each level at its delay from the alert, while nobody acknowledges it', () => {
    const [alert] = replay(polls(tl('0:2'), 70, s), s)
    // raised at 10:10 (the 10 min threshold); the supervisor at 10:25, the manager at 10:55
    expect(alert!.told).toEqual([
      [0, T0 + 10 * MIN],
      [1, T0 + 25 * MIN],
      [2, T0 + 55 * MIN],
    ])
  })

  test('"I\'m on it" stops the escalation; the all clear still comes when the machine runs', () => {
    const [alert] = replay(polls(tl('0:2 40:1'), 70, s), s, (_, at) => at >= T0 + 20 * MIN)
    expect(alert!.acknowledgedAt).toBe(T0 + 20 * MIN)
    expect(alert!.told).toEqual([[0, T0 + 10 * MIN]])
    expect(alert!.clearedAt).toBe(T0 + 40 * MIN)
  })

  test('an alert whose machine runs again escalates no further', () => {
    // running from 10:24 (inside the clear time at 10:25): the supervisor is not called
    expect(replay(polls(tl('0:2 24:1'), 70, s), s)[0]!.told.map(([level]) => level)).toEqual([0])
    const [alert] = replay(polls(tl('0:2 30:1'), 70, s), s)
    expect(alert!.told.map(([level]) => level)).toEqual([0, 1])
    expect(alert!.clearedAt).toBe(T0 + 30 * MIN)
  })
})

const brk = (minute: number, head: number, needle: number, machineId = 'M1'): ThreadbreakEvent => ({
  at: T0 + minute * MIN,
  machineId,
  machineName: 'North 01',
  head,
  needle,
  designId: 'D-1',
  stitch: null,
  designStitches: null,
  rpm: 800,
})

describe('three breaks in a row on one head', () => {
  const rule = defaultSettings().rules['head-breaks']
  test('the same needle of the same head three times in a row: one alert naming head and needle', () => {
    const events = [brk(1, 2, 5), brk(3, 4, 1), brk(10, 3, 7), brk(12, 3, 7), brk(20, 3, 7)]
    const [condition, ...rest] = headBreakConditions(events, rule, T0 + 21 * MIN)
    expect(rest).toEqual([])
    expect(condition).toMatchObject({
      key: 'M1|head-breaks|h3n7',
      cause: 'Head 3 · needle 7',
      since: T0 + 10 * MIN,
    })
    expect(condition!.detail).toContain('head 3, needle 7')
  })
  test('three in a row on different heads, or with another break between, is nothing', () => {
    expect(headBreakConditions([brk(10, 1, 7), brk(12, 2, 7), brk(14, 3, 7)], rule, T0 + 15 * MIN)).toEqual(
      [],
    )
    expect(
      headBreakConditions([brk(10, 3, 7), brk(12, 1, 2), brk(14, 3, 7), brk(16, 3, 7)], rule, T0 + 17 * MIN),
    ).toEqual([])
    // each machine counts its own breaks
    expect(
      headBreakConditions([brk(10, 3, 7), brk(12, 3, 7, 'M2'), brk(14, 3, 7)], rule, T0 + 15 * MIN),
    ).toEqual([])
  })
  test('spread over more than the window it is not a series; an hour without a break there clears it', () => {
    expect(headBreakConditions([brk(0, 3, 7), brk(30, 3, 7), brk(61, 3, 7)], rule, T0 + 62 * MIN)).toEqual([])
    const events = [brk(0, 3, 7), brk(5, 3, 7), brk(10, 3, 7)]
    expect(headBreakConditions(events, rule, T0 + 69 * MIN)).toHaveLength(1)
    expect(headBreakConditions(events, rule, T0 + 70 * MIN)).toEqual([])
  })
})

describe('hot spots of the current shift', () => {
  test("a needle far above its share on the machine is flagged with the page's rule", () => {
    // 24 breaks spread over the 12 needles, and 14 more on needle 4
    const events = [
      ...Array.from({ length: 24 }, (_, i) => brk(i, (i % 6) + 1, (i % 12) + 1)),
      ...Array.from({ length: 14 }, (_, i) => brk(30 + i, (i % 6) + 1, 4)),
    ]
    const found = hotSpotConditions(events, facts, defaultSettings().rules['hot-spot'])
    expect(found.map((c) => [c.key, c.cause])).toEqual([['M1|hot-spot|n4', 'Needle 4']])
  })
  test('breaks spread evenly flag nothing', () => {
    const events = Array.from({ length: 72 }, (_, i) => brk(i, (i % 6) + 1, (i % 12) + 1))
    expect(hotSpotConditions(events, facts, defaultSettings().rules['hot-spot'])).toEqual([])
  })
})

describe('one alert per machine and cause', () => {
  test('duplicates of a cause in one evaluation are merged; an open alert is never raised again', () => {
    const c: Condition = {
      key: 'M1|state',
      rule: 'state',
      machineId: 'M1',
      machineName: 'North 01',
      cause: 'Stopped',
      detail: '',
      what: { rule: 'state', state: 'stopped', code: 2, label: null, atLeast: false },
      since: T0,
      active: true,
      due: true,
    }
    expect(step(T0, [], [c, { ...c }], defaultSettings()).raise).toHaveLength(1)
    const open = [
      {
        id: 7,
        key: 'M1|state',
        rule: 'state' as const,
        raisedAt: T0,
        level: 0,
        acknowledgedAt: null,
        okSince: null,
      },
    ]
    expect(step(T0 + MIN, open, [c], defaultSettings()).raise).toEqual([])
  })
})

describe('settings', () => {
  const stored = settings((s) => {
    s.channels = [
      {
        id: 'floor',
        name: 'Floor',
        kind: 'slack',
        url: 'https://hooks.slack.com/services/T0/B0/secret',
        to: [],
        language: null,
      },
    ]
  })
  test("a browser sees a channel's host, never its address", () => {
    const shown = JSON.stringify(publicSettings(stored))
    expect(shown).not.toContain('secret')
    expect(shown).toContain('https://hooks.slack.com/…')
  })
  test('a channel sent back without its address keeps the stored one', () => {
    const input = {
      ...publicSettings(stored),
      channels: [{ id: 'floor', name: 'Floor', kind: 'slack', to: [], language: null }],
    }
    const merged = mergeSettings(input, stored)
    expect(merged.ok && merged.settings.channels[0]!.url).toBe(
      'https://hooks.slack.com/services/T0/B0/secret',
    )
  })
  test('what is wrong is said: an http address elsewhere, a level naming no channel, levels out of order', () => {
    const base = publicSettings(stored)
    const bad = (change: (s: ReturnType<typeof publicSettings>) => void) => {
      const copy = structuredClone(base)
      change(copy)
      const merged = mergeSettings(copy, stored)
      return merged.ok ? 'ok' : merged.error
    }
    expect(bad((s) => Object.assign(s.channels[0]!, { url: 'http://example.com/hook' }))).toMatch(/https/)
    expect(bad((s) => s.rules.state.levels[1]!.channels.push('nobody'))).toMatch(/names no channel "nobody"/)
    expect(bad((s) => (s.rules.state.levels[2]!.afterMinutes = 5))).toMatch(/later one after another/)
    expect(bad((s) => (s.rules.state.minutes.stopped = -1))).toMatch(/rules\.state\.minutes\.stopped/)
  })
})

describe('messages', () => {
  const alert: AlertView = {
    id: 4,
    key: 'M1|state',
    rule: 'state',
    machineId: 'M1',
    machineName: 'North <01> & co',
    cause: 'Thread break',
    detail: 'North <01> & co: Thread break since',
    what: { rule: 'state', state: 'threadbreak', code: 9, label: null, atLeast: false },
    since: T0,
    raisedAt: T0 + 10 * MIN,
    level: 1,
    acknowledgedAt: T0 + 12 * MIN,
    acknowledgedBy: 'Ana',
    okSince: null,
    clearedAt: null,
  }
  const options = {
    timeZone: 'Europe/Berlin',
    levelName: 'Line supervisor',
    channelName: 'Floor',
    now: T0 + 15 * MIN,
    words: speaking('en'),
  }
  test('an alert says what, since when (factory time), how long and who is on it', () => {
    const m = messageOf('alert', alert, options)
    expect(m.text).toBe(
      'North <01> & co: Thread break since 11:00 (15\u00a0min). Machine down too long, told to: Line supervisor. Ana is on it since 11:12.',
    )
    expect(webhookBody(m)).toMatchObject({
      type: 'alert',
      alert: { id: 4, since: '2026-11-18T10:00:00.000Z', acknowledgedBy: 'Ana' },
    })
  })
  test('a channel set to German is told in German; what the factory typed stays as written', () => {
    const german = { ...options, words: speaking('de') }
    const m = messageOf('alert', alert, german)
    expect(m.title).toBe('North <01> & co — Fadenbruch')
    expect(m.text).toBe(
      'North <01> & co: Fadenbruch seit 11:00 (15\u00a0min). Maschine steht zu lange, benachrichtigt: Line supervisor. Ana kümmert sich seit 11:12 darum.',
    )
    expect(teamsBody(m).attachments[0]!.content.actions).toBeUndefined()
    expect(webhookBody(m).alert).toMatchObject({ ruleName: 'Maschine steht zu lange', cause: 'Fadenbruch' })
    // the factory's own label for its code, in any language
    const own = { ...alert, what: { ...alert.what!, label: 'Fadenriss Oberfaden' } } as AlertView
    expect(messageOf('alert', own, { ...options, words: speaking('es') }).title).toBe(
      'North <01> & co — Fadenriss Oberfaden',
    )
    const clear = messageOf(
      'all-clear',
      { ...alert, clearedAt: T0 + 30 * MIN },
      { ...options, words: speaking('es') },
    )
    expect(clear.title).toBe('Todo en orden: North <01> & co — Rotura de hilo')
    // an alert raised before its words were kept as data keeps its English words
    expect(messageOf('alert', { ...alert, what: null, cause: 'Stop switch' }, german).title).toBe(
      'North <01> & co — Stop switch',
    )
  })

  test('Slack gets its markup characters escaped; Teams an Adaptive Card of plain text', () => {
    const m = messageOf('all-clear', { ...alert, clearedAt: T0 + 30 * MIN }, options)
    expect(slackBody(m).text).toBe('✅ All clear: North &lt;01&gt; &amp; co — Thread break')
    const card = teamsBody(m).attachments[0]!.content
    expect(card.type).toBe('AdaptiveCard')
    expect(card.body[0]).toMatchObject({ color: 'Good', text: 'All clear: North <01> & co — Thread break' })
  })
})

test("quiet hours cross midnight in the factory's time zone", () => {
  const quiet = { from: '22:00', to: '06:00' }
  // 21:30 UTC is 22:30 in Berlin (winter)
  expect(isQuiet(quiet, Date.UTC(2026, 10, 18, 21, 30), 'Europe/Berlin')).toBe(true)
  expect(isQuiet(quiet, Date.UTC(2026, 10, 18, 20, 30), 'Europe/Berlin')).toBe(false)
  expect(isQuiet(quiet, Date.UTC(2026, 10, 18, 4, 59), 'Europe/Berlin')).toBe(true)
  expect(isQuiet(quiet, Date.UTC(2026, 10, 18, 5, 0), 'Europe/Berlin')).toBe(false)
  expect(isQuiet(null, Date.UTC(2026, 10, 18, 23, 0), 'Europe/Berlin')).toBe(false)
})

describe('the alarm budget and response figures', () => {
  const view = (minute: number, rule: AlertView['rule'], changes: Partial<AlertView> = {}): AlertView => ({
    id: minute,
    key: `M${minute}|${rule}`,
    rule,
    machineId: `M${minute % 3}`,
    machineName: `Machine ${minute % 3}`,
    cause: 'Stopped',
    detail: '',
    what: null,
    since: T0 + minute * MIN - 10 * MIN,
    raisedAt: T0 + minute * MIN,
    level: 0,
    acknowledgedAt: null,
    acknowledgedBy: null,
    okSince: null,
    clearedAt: null,
    ...changes,
  })
  const shifts = [
    { name: 'Early', from: '06:00', to: '14:00' },
    { name: 'Late', from: '14:00', to: '22:00' },
    { name: 'Night', from: '22:00', to: '06:00' },
  ]
  test('alerts an hour per shift; a rule over the budget alone is named noisy', () => {
    // T0 is 11:00 in Berlin: the Early shift has run 5 hours; 60 state alerts in it, 2 hot spots
    const alerts = [
      ...Array.from({ length: 60 }, (_, i) => view(-i * 4, 'state')),
      view(-3, 'hot-spot'),
      view(-7, 'hot-spot'),
    ]
    const load = alarmLoad(alerts, T0, 'Europe/Berlin', shifts, 10)
    const early = load.shifts.filter((s) => s.shift === 'Early').at(-1)!
    expect(early.perHour).toBeCloseTo(62 / 5)
    expect(early.byRule.find((r) => r.rule === 'state')!.alerts).toBe(60)
    expect(load.noisy).toEqual([
      { rule: 'state', name: 'Machine down too long', shift: 'Early', perHour: 12 },
    ])
    expect(alarmLoad(alerts.slice(0, 40), T0, 'Europe/Berlin', shifts, 10).noisy).toEqual([])
  })
  test('median response (raised → on it) and repair (cause → all clear), in all, per rule and per machine', () => {
    const report = alertReport([
      view(0, 'state', { acknowledgedAt: T0 + 2 * MIN, clearedAt: T0 + 20 * MIN }),
      view(1, 'state', { acknowledgedAt: T0 + MIN + 6 * MIN }),
      view(3, 'hot-spot', { clearedAt: T0 + 3 * MIN + 50 * MIN }),
    ])
    expect(report.total).toEqual({
      alerts: 3,
      acknowledged: 2,
      medianResponseSeconds: 240,
      medianRepairSeconds: (30 + 60) * 30,
    })
    expect(report.rules.map((r) => [r.rule, r.alerts])).toEqual([
      ['state', 2],
      ['hot-spot', 1],
    ])
    expect(report.machines.find((m) => m.machineId === 'M0')).toMatchObject({
      alerts: 2,
      medianRepairSeconds: 2700,
    })
  })
})
