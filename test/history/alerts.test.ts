// One piece: the alert engine on both databases, whose cases share one set-up of store, watcher and
// channels per database.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { realSenders } from '../../server/alerts/channels'
import { AlertEngine } from '../../server/alerts/engine'
import type { Condition } from '../../server/alerts/rules'
import { type AlertSettings, defaultSettings } from '../../server/alerts/settings'
import { AlertStore } from '../../server/alerts/store'
import { createApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import type { Db } from '../../server/history/db'
import { migrate } from '../../server/history/migrations'
import { HistoryStore } from '../../server/history/store'
import { Watcher } from '../../server/history/watcher'
import { MAX_ATTEMPTS, retryDelayMs } from '../../server/outbox/outbox'
import { DeviceStore } from '../../server/people/devices'
import { upstreamsFor } from '../../server/upstreams'
import { speaking } from '../messages'
import { BACKENDS } from './databases'

/** Issue 19: alerts in the database, sent to real local receivers (an HTTP server for webhooks that can be
 * told to fail, an SMTP server for mail), and the routes. The clock is pinned: T0 and minutes after it. */
const T0 = Date.UTC(2026, 10, 18, 10, 0)
const MIN = 60_000
const ADMIN = 'admin-token-for-tests-0123'

/** A webhook receiver: records every body; answers 500 to the supervisor's path while `failing` is above 0
 * (counting down). */
let hooks: Server
let hookUrl = ''
const received: Array<{ path: string; body: { type: string; alert: { id: number } | null; text: string } }> =
  []
let failing = 0
/** An SMTP server that accepts every mail. */
let smtp: SMTPServer
let smtpPort = 0
const mails: string[] = []

/** A received mail as a reader sees it: headers unfolded, encoded words and quoted-printable decoded. */
const readMail = (raw: string) => {
  const bytes = (qp: string) =>
    Buffer.from(
      qp.replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
      'latin1',
    ).toString('utf8')
  const [head = '', ...body] = raw.replaceAll('\r\n', '\n').split(/\r?\n\r?\n/)
  return {
    head: head
      .replace(/\r?\n[ \t]+/g, ' ')
      .replace(/=\?UTF-8\?Q\?([^?]*)\?=[ \t]*/gi, (_, q: string) => bytes(q.replaceAll('_', ' '))),
    body: bytes(body.join('\n\n').replace(/=\r?\n/g, '')),
  }
}

beforeAll(async () => {
  hooks = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => {
      body += chunk
    })
    req.on('end', () => {
      if (failing > 0 && req.url === '/supervisor') {
        failing--
        res.writeHead(500).end('receiver down')
        return
      }
      received.push({ path: req.url ?? '', body: JSON.parse(body) })
      res.writeHead(200).end('ok')
    })
  })
  await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve))
  hookUrl = `http://127.0.0.1:${(hooks.address() as AddressInfo).port}`
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      let text = ''
      stream.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8')
      })
      stream.on('end', () => {
        mails.push(text)
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  smtpPort = (smtp.server.address() as AddressInfo).port
})
afterAll(async () => {
  await new Promise((resolve) => hooks?.close(resolve))
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()))
})

const withChannels = (): AlertSettings => {
  const s = defaultSettings()
  s.channels = [
    {
      id: 'supervisor',
      name: 'Supervisor hook',
      kind: 'webhook',
      url: `${hookUrl}/supervisor`,
      to: [],
      language: null,
    },
    {
      id: 'manager',
      name: 'Manager mail',
      kind: 'email',
      url: null,
      to: ['manager@factory.example'],
      language: null,
    },
    {
      id: 'slack',
      name: 'Floor Slack',
      kind: 'slack',
      url: `${hookUrl}/slack-secret-T0B0`,
      to: [],
      language: null,
    },
  ]
  s.rules.state.levels = [
    { name: 'Wall and dashboards', afterMinutes: 0, channels: [] },
    { name: 'Line supervisor', afterMinutes: 15, channels: ['supervisor', 'slack'] },
    { name: 'Production manager', afterMinutes: 45, channels: ['manager', 'supervisor'] },
  ]
  return s
}

const stopped = (machineId: string, since: number, active = true): Condition => ({
  key: `${machineId}|state`,
  rule: 'state',
  machineId,
  machineName: `Machine ${machineId}`,
  cause: 'Stopped',
  detail: `Machine ${machineId}: stopped since`,
  what: { rule: 'state', state: 'stopped', code: 2, label: null, atLeast: false },
  since,
  active,
  due: active,
})

describe.each(BACKENDS)('alerts on %s', (_, open) => {
  let db: Db
  let store: AlertStore
  let engine: AlertEngine
  let clock = T0
  beforeAll(async () => {
    db = await open()
    await migrate(db)
  })
  afterAll(async () => {
    await engine?.stop()
    await db?.close()
  })
  beforeEach(async () => {
    await db.query('truncate alerts, outbox_messages, outbox_attempts, alert_settings')
    received.length = 0
    mails.length = 0
    failing = 0
    clock = T0
    store = new AlertStore(db)
    engine = new AlertEngine({
      store,
      db,
      codes: [],
      shifts: [],
      timeZone: 'Europe/Berlin',
      senders: realSenders({ url: `smtp://127.0.0.1:${smtpPort}`, from: 'stitchboard@factory.example' }),
      breakLog: null,
      now: () => clock,
    })
    await engine.saveSettings(withChannels())
  })

  /** Polls every 15 s up to `until` with these conditions (the clock moves), sending what is due. */
  async function pollUntil(until: number, conditions: () => Condition[]) {
    for (; clock <= until; clock += 15_000) {
      await engine.apply(clock, conditions(), await engine.settings())
      await engine.dispatch()
    }
    clock -= 15_000
  }

  test("escalation reaches each level once, in the channels' formats; the all clear goes to everyone told", async () => {
    const since = T0 - 10 * MIN
    await pollUntil(T0 + 50 * MIN, () => [stopped('M1', since)])
    // the supervisor's hook and Slack at 15 min, mail at 45; the supervisor named again at 45 is not told twice
    expect(received.map((r) => r.path)).toEqual(['/supervisor', '/slack-secret-T0B0'])
    expect(received[0]!.body).toMatchObject({
      type: 'alert',
      alert: { machineId: 'M1', levelName: 'Line supervisor' },
    })
    expect((received[1]!.body as unknown as { text: string }).text).toBe('🚨 Machine M1 — Stopped')
    expect(mails).toHaveLength(1)
    const mail = readMail(mails[0]!)
    expect(mail.head).toMatch(/^Subject: \[stitchboard\] Machine M1 — Stopped$/m)
    expect(mail.head).toMatch(/^To: manager@factory\.example$/m)
    expect(mail.body).toMatch(
      /^Machine M1: Stopped since 10:50 \(55\u00a0min\)\. Machine down too long, told to: Production manager\./,
    )
    // the machine runs: after the clear time the all clear goes to the three told, once
    await pollUntil(T0 + 60 * MIN, () => [])
    expect(received.map((r) => [r.path, r.body.type ?? 'slack'])).toEqual([
      ['/supervisor', 'alert'],
      ['/slack-secret-T0B0', 'slack'],
      ['/supervisor', 'all-clear'],
      ['/slack-secret-T0B0', 'slack'],
    ])
    expect(mails).toHaveLength(2)
    const [alert] = await store.recent(0)
    expect(alert).toMatchObject({ level: 2, clearedAt: T0 + 50 * MIN })
    expect(await store.attempts(alert!.id)).toHaveLength(6)
  })

  test('a channel set to German is told in German, through the real mail server; the others in English', async () => {
    const settings = withChannels()
    settings.channels = settings.channels.map((c) =>
      c.id === 'manager' ? { ...c, language: 'de' as const } : c,
    )
    await engine.saveSettings(settings)
    await pollUntil(T0 + 50 * MIN, () => [stopped('M1', T0 - 10 * MIN)])
    expect(mails).toHaveLength(1)
    const mail = readMail(mails[0]!)
    const { t } = speaking('de')
    // the machine's name and the level's name are what the factory typed: as written
    expect(mail.head).toMatch(
      new RegExp(`^Subject: \\[stitchboard\\] Machine M1 — ${t('app.state.stopped')}$`, 'm'),
    )
    expect(mail.body).toContain(`Machine M1: ${t('app.state.stopped')} seit 10:50 (55\u00a0min).`)
    expect(mail.body).toContain(`${t('alerts.rule.state')}, benachrichtigt: Production manager.`)
    // the supervisor's hook has no language of its own: the factory's, English here
    expect((received[1]!.body as unknown as { text: string }).text).toBe('🚨 Machine M1 — Stopped')
  })

  test('"I\'m on it" stops the escalation and is recorded; the all clear still reaches those told', async () => {
    await pollUntil(T0 + 16 * MIN, () => [stopped('M1', T0 - 10 * MIN)])
    const [raised] = await store.open()
    expect(raised!.level).toBe(1)
    const acked = await engine.acknowledge(raised!.id, 'Ana')
    expect(acked).toMatchObject({ acknowledgedBy: 'Ana', acknowledgedAt: T0 + 16 * MIN })
    // a second "I'm on it" does not take it over
    expect(await engine.acknowledge(raised!.id, 'Ben')).toMatchObject({ acknowledgedBy: 'Ana' })
    await pollUntil(T0 + 60 * MIN, () => [stopped('M1', T0 - 10 * MIN)])
    expect(mails).toHaveLength(0)
    expect(received.map((r) => r.path)).toEqual(['/supervisor', '/slack-secret-T0B0'])
    await pollUntil(T0 + 70 * MIN, () => [])
    expect(received.filter((r) => r.body.type === 'all-clear')).toHaveLength(1)
    const [record] = await store.recent(0)
    expect(record).toMatchObject({ raisedAt: T0, acknowledgedAt: T0 + 16 * MIN })
    expect(record!.clearedAt).not.toBeNull()
  })

  test('a failing channel is retried with backoff, every attempt recorded, and recovers', async () => {
    failing = 2
    await pollUntil(T0 + 15 * MIN, () => [stopped('M1', T0 - 10 * MIN)])
    // the first attempt failed; the retry waits its backoff
    expect(received.filter((r) => r.path === '/supervisor')).toHaveLength(0)
    let health = await engine.health()
    expect(health.find((h) => h.channelId === 'supervisor')).toMatchObject({ lastOk: false, pending: 1 })
    expect(health.find((h) => h.channelId === 'supervisor')!.lastDetail).toMatch(/HTTP 500: receiver down/)
    clock += retryDelayMs(1)
    await engine.dispatch()
    clock += retryDelayMs(2)
    await engine.dispatch()
    expect(received.filter((r) => r.path === '/supervisor')).toHaveLength(1)
    health = await engine.health()
    expect(health.find((h) => h.channelId === 'supervisor')).toMatchObject({
      lastOk: true,
      pending: 0,
      sent: 1,
    })
    const [alert] = await store.open()
    expect(
      (await store.attempts(alert!.id)).filter((a) => a.channelId === 'supervisor').map((a) => a.ok),
    ).toEqual([false, false, true])
  })

  test('a channel that never answers is given up after its attempts and shown failed, never dropped silently', async () => {
    const s = withChannels()
    s.channels[0]!.url = 'http://127.0.0.1:9/nothing-listens-here'
    await engine.saveSettings(s)
    await pollUntil(T0 + 15 * MIN, () => [stopped('M1', T0 - 10 * MIN)])
    for (let i = 1; i < MAX_ATTEMPTS; i++) {
      clock += retryDelayMs(i)
      await engine.dispatch()
    }
    const health = (await engine.health()).find((h) => h.channelId === 'supervisor')
    expect(health).toMatchObject({ lastOk: false, failed: 1, pending: 0 })
    expect(health!.lastDetail).toMatch(/cannot reach it/)
  })

  test('a flapping machine and duplicate causes stay one alert', async () => {
    let running = false
    for (let i = 0; i < 40; i++) {
      running = i % 4 === 3
      await engine.apply(
        clock,
        running ? [] : [stopped('M1', T0 - 10 * MIN), stopped('M1', T0 - 10 * MIN)],
        await engine.settings(),
      )
      clock += 15_000
    }
    expect(await store.recent(0)).toHaveLength(1)
  })

  test('the rules on a poll: the break log as the vendor sends it (read beside the poll), the state from the history', async () => {
    let reads = 0
    let failing = false
    const row = (minute: number, head: number, needle: number) => ({
      timestamp: T0 + minute * MIN,
      id_machine: 'M7',
      machine_name: 'South 07',
      head,
      needle,
      pattern: 'D-1',
      pattern_stitchnumber: 100,
      stitches: 5000,
      rotation_speed: 800,
    })
    const logged = new AlertEngine({
      store,
      db,
      codes: [{ code: 2, state: 'stopped', label: 'Stop switch' }],
      shifts: [{ name: 'Early', from: '06:00', to: '14:00' }],
      timeZone: 'Europe/Berlin',
      senders: realSenders(null),
      breakLog: async (from, till) => {
        reads++
        // the current shift, in Unix seconds
        expect([from, till]).toEqual([Date.UTC(2026, 10, 18, 5, 0) / 1000, Math.floor(clock / 1000) + 1])
        if (failing) throw new Error('HTTP 502')
        return { data: [row(-5, 3, 7), row(-9, 3, 7), row(-20, 3, 7), row(-30, 1, 2), { timestamp: 'x' }] }
      },
      now: () => clock,
    })
    const answer = {
      data: [
        { machine_id: 'M7', alias: 'South 07', heads: 4, needles: 12 },
        { machine_id: 'M8', alias: 'South 08' },
      ],
    }
    const open = [
      {
        id: 1,
        machineId: 'M8',
        code: 2,
        turning: false,
        reporting: true,
        designId: null,
        startedAt: T0 - 11 * MIN,
        seenSince: false,
      },
    ]
    await logged.evaluate(clock, open, answer)
    await logged.breaksRead()
    await logged.evaluate(clock, open, answer)
    const alerts = await store.open()
    expect(alerts.map((a) => [a.machineName, a.cause]).sort()).toEqual([
      ['South 07', 'Head 3 · needle 7'],
      ['South 08', 'Stop switch'],
    ])
    expect(logged.problems()).toEqual(['the break log had 1 rows that are not breaks'])
    // read again only after a minute; a failed read keeps the last good breaks and says so
    failing = true
    clock += 61_000
    await logged.evaluate(clock, open, answer)
    await logged.breaksRead()
    await logged.evaluate(clock, open, answer)
    expect(reads).toBe(2)
    expect(logged.problems()).toEqual(['the break log cannot be read (HTTP 502)'])
    expect((await store.open()).map((a) => a.cause).sort()).toEqual(['Head 3 · needle 7', 'Stop switch'])
  })

  test('a wall screen silent longer than its time: "shows nothing since", at the webhook; back, all clear', async () => {
    await db.query('truncate devices cascade')
    const devices = new DeviceStore(db)
    const { code } = await devices.create({ kind: 'wall', name: 'Wall 1', locationId: 3 }, 'Sue', T0 - MIN)
    const enrolled = await devices.enrol(code, T0, '10.0.0.9')
    const floor = await devices.create({ kind: 'floor', name: 'Tablet', locationId: 3 }, 'Sue', T0)
    await devices.enrol(floor.code, T0, '10.0.0.8')
    const watched = new AlertEngine({
      store,
      db,
      codes: [],
      shifts: [],
      timeZone: 'Europe/Berlin',
      senders: realSenders(null),
      breakLog: null,
      screens: async () =>
        (await devices.walls()).map(({ locationId, ...wall }) => ({
          ...wall,
          location: locationId === 3 ? 'Hall North' : null,
        })),
      now: () => clock,
    })
    const settings = withChannels()
    settings.rules.screens.levels = [{ name: 'IT', afterMinutes: 0, channels: ['supervisor'] }]
    await watched.saveSettings(settings)
    const poll = async () => {
      await watched.evaluate(clock, [], { data: [] })
      await watched.dispatch()
    }
    // in touch while it shows the board (its polls); silent from 10:04
    for (; clock <= T0 + 4 * MIN; clock += MIN) {
      await devices.bySecret(enrolled!.secret, clock, '10.0.0.9')
      await poll()
    }
    for (; clock < T0 + 14 * MIN; clock += MIN) await poll()
    expect(received).toEqual([])
    clock = T0 + 14 * MIN
    await poll()
    // only the wall screen: a floor tablet is not watched
    expect(received.map((r) => [r.path, r.body.type])).toEqual([['/supervisor', 'alert']])
    expect(received[0]!.body.text).toContain(
      'The wall screen in Hall North (Wall 1) has shown nothing since 11:04',
    )
    expect(await store.open()).toMatchObject([
      { rule: 'screens', machineName: 'Wall 1', since: T0 + 4 * MIN },
    ])
    // back on: the all clear after the clear time
    await devices.bySecret(enrolled!.secret, clock, '10.0.0.9')
    for (clock += MIN; clock <= T0 + 17 * MIN; clock += MIN) await poll()
    expect(received.map((r) => r.body.type)).toEqual(['alert', 'all-clear'])
  })

  test('the routes: the list, "I\'m on it" with a name, settings only with ADMIN_TOKEN, no secret to a browser', async () => {
    await pollUntil(T0 + 15 * MIN, () => [stopped('M1', T0 - 10 * MIN)])
    const config = loadConfig({ FACTORY_TIMEZONE: 'Europe/Berlin', ADMIN_TOKEN: ADMIN })
    const history = new HistoryStore(db, 60_000)
    const upstreams = upstreamsFor(config, () => Promise.reject(new Error('no upstream here')))
    const watcher = new Watcher({
      store: history,
      db,
      upstreams,
      pollSeconds: 15,
      historyDays: 30,
      upstreamTimeoutSeconds: 5,
    })
    const app = createApp({
      config,
      upstreams,
      version: 'test',
      now: () => clock,
      history: () => ({ store: history, watcher, pollSeconds: 15, alerts: engine }),
    })
    const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      app.request(`http://127.0.0.1${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: 'http://127.0.0.1', ...headers },
        body: JSON.stringify(body),
      })
    const list = (await (await app.request('http://127.0.0.1/api/alerts')).json()) as {
      alerts: Array<{ id: number }>
    }
    expect(list.alerts).toHaveLength(1)
    const id = list.alerts[0]!.id
    expect((await post(`/api/alerts/${id}/acknowledge`, { name: '' })).status).toBe(400)
    expect((await post(`/api/alerts/${id}/acknowledge`, { name: 'x'.repeat(61) })).status).toBe(400)
    expect((await post('/api/alerts/999999/acknowledge', { name: 'Ana' })).status).toBe(404)
    const acked = await post(`/api/alerts/${id}/acknowledge`, { name: ' Ana ' })
    expect(await acked.json()).toMatchObject({ alert: { acknowledgedBy: 'Ana' } })
    // another site's page cannot acknowledge (the same-origin rule of every POST)
    expect(
      (await post(`/api/alerts/${id}/acknowledge`, { name: 'Eve' }, { Origin: 'https://evil.example' }))
        .status,
    ).toBe(403)

    const shown = await (await app.request('http://127.0.0.1/api/alerts/settings')).text()
    expect(shown).not.toContain('slack-secret')
    expect(shown).not.toContain('/supervisor')
    const { settings } = JSON.parse(shown) as { settings: AlertSettings }
    settings.rules.state.minutes.stopped = 3
    expect((await post('/api/alerts/settings', settings)).status).toBe(401)
    expect(
      (await post('/api/alerts/settings', settings, { Authorization: 'Bearer wrong-token-0000000' })).status,
    ).toBe(403)
    expect((await engine.settings()).rules.state.minutes.stopped).toBe(10)
    const saved = await post('/api/alerts/settings', settings, { Authorization: `Bearer ${ADMIN}` })
    expect(saved.status).toBe(200)
    expect(await saved.text()).not.toContain('slack-secret')
    // the addresses the browser never saw are kept
    expect((await engine.settings()).rules.state.minutes.stopped).toBe(3)
    expect((await engine.settings()).channels.find((c) => c.id === 'slack')!.url).toBe(
      `${hookUrl}/slack-secret-T0B0`,
    )
    // a test message per channel, admin only
    expect((await post('/api/alerts/channels/supervisor/test', {})).status).toBe(401)
    const tested = await post(
      '/api/alerts/channels/supervisor/test',
      {},
      { Authorization: `Bearer ${ADMIN}` },
    )
    expect(await tested.json()).toEqual({ queued: true, channel: 'supervisor' })
    await engine.dispatch()
    expect(received.at(-1)).toMatchObject({ path: '/supervisor', body: { type: 'test' } })

    const report = await app.request(
      `http://127.0.0.1/api/alerts/report?from=${T0 / 1000 - 3600}&till=${T0 / 1000 + 3600}`,
    )
    expect(await report.json()).toMatchObject({
      total: { alerts: 1, acknowledged: 1, medianResponseSeconds: 15 * 60 },
      machines: [{ machineId: 'M1', alerts: 1 }],
      rules: [{ rule: 'state', alerts: 1 }],
    })
    expect((await app.request('http://127.0.0.1/api/alerts/report?from=abc&till=1')).status).toBe(400)
  })
})

test('without ADMIN_TOKEN the settings cannot be changed at all', async () => {
  const [, open] = BACKENDS[0]!
  const db = await open()
  try {
    await migrate(db)
    const config = loadConfig({ FACTORY_TIMEZONE: 'Europe/Berlin' })
    const upstreams = upstreamsFor(config, () => Promise.reject(new Error('no upstream here')))
    const history = new HistoryStore(db, 60_000)
    const engine = new AlertEngine({
      store: new AlertStore(db),
      db,
      codes: [],
      shifts: [],
      timeZone: 'Europe/Berlin',
      senders: realSenders(null),
      breakLog: null,
      now: () => T0,
    })
    const watcher = new Watcher({
      store: history,
      db,
      upstreams,
      pollSeconds: 15,
      historyDays: 30,
      upstreamTimeoutSeconds: 5,
    })
    const app = createApp({
      config,
      upstreams,
      version: 'test',
      now: () => T0,
      history: () => ({ store: history, watcher, pollSeconds: 15, alerts: engine }),
    })
    const answer = await app.request('http://127.0.0.1/api/alerts/settings', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Origin: 'http://127.0.0.1',
        Authorization: 'Bearer anything-at-all-000',
      },
      body: JSON.stringify(defaultSettings()),
    })
    expect(answer.status).toBe(403)
    expect(await answer.json()).toEqual({
      error: 'Alert settings are read-only: set ADMIN_TOKEN on the server to change them',
    })
  } finally {
    await db.close()
  }
})
