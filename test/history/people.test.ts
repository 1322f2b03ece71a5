// One piece: people, sessions, roles and the audit log (issue "Who"), whose cases share one set-up of database and app.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { createApp } from '../../server/app'
import { AuditLog } from '../../server/audit/log'
import { loadConfig } from '../../server/config'
import { type Db, openServer } from '../../server/history/db'
import { migrate } from '../../server/history/migrations'
import { HistoryStore } from '../../server/history/store'
import { Watcher } from '../../server/history/watcher'
import { DeviceStore } from '../../server/people/devices'
import { hashPassword } from '../../server/people/passwords'
import { WRITE_ROUTES } from '../../server/people/route-roles'
import { PeopleStore } from '../../server/people/store'
import { VIEW_CHECK_MS } from '../../server/people/view-gate'
import { PlanStore } from '../../server/plan/store'
import { upstreamsFor } from '../../server/upstreams'
import { ROLES, roleAtLeast } from '../../src/lib/roles'
import { freshServerDatabase } from './databases'

/** 10:00 in Berlin, in the Early shift. */
const T0 = Date.UTC(2026, 10, 18, 9, 0)
const MIN = 60_000
const ADMIN = 'admin-token-for-tests-0123'
const PASSWORD = 'correct horse battery'

describe('people, sessions, roles and the audit log', () => {
  let db: Db
  let people: PeopleStore
  let audit: AuditLog
  let app: ReturnType<typeof createApp>
  /** another instance on the same database (a second server behind the same proxy) */
  let makeApp: () => ReturnType<typeof createApp>
  let clock = T0

  beforeAll(async () => {
    db = await openServer(await freshServerDatabase())
    await migrate(db)
  })
  afterAll(() => db?.close())
  beforeEach(async () => {
    await db.query(
      'truncate people, person_sessions, first_admin_codes, audit_log, shift_rejects, plan_targets, devices cascade',
    )
    clock = T0
    const config = loadConfig({
      FACTORY_TIMEZONE: 'Europe/Berlin',
      ADMIN_TOKEN: ADMIN,
      SHIFTS: 'Early=06:00-14:00,Late=14:00-22:00',
      SESSION_IDLE_MINUTES: '60',
    })
    const upstreams = upstreamsFor(config, () => Promise.reject(new Error('no upstream here')))
    const store = new HistoryStore(db, 60_000)
    const watcher = new Watcher({
      store,
      db,
      upstreams,
      pollSeconds: 15,
      historyDays: 30,
      upstreamTimeoutSeconds: 5,
    })
    people = new PeopleStore(db)
    audit = new AuditLog(db, () => {})
    const plan = new PlanStore(db)
    makeApp = () =>
      createApp({
        config,
        upstreams,
        version: 'test',
        now: () => clock,
        clientKey: (c) => c.req.header('X-Test-Socket') ?? '10.0.0.7',
        history: () => ({
          store,
          watcher,
          pollSeconds: 15,
          plan,
          people,
          audit,
          devices: new DeviceStore(db),
        }),
      })
    app = makeApp()
  })

  /** A browser: keeps the cookie a sign-in sets, as a browser would. */
  const browser = (on: () => ReturnType<typeof createApp> = () => app) => {
    const jar = new Map<string, string>()
    const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
    const ask = async (path: string, body?: unknown, headers: Record<string, string> = {}) => {
      const answer = await on().request(`http://127.0.0.1${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          ...(body === undefined ? {} : { 'Content-Type': 'application/json', Origin: 'http://127.0.0.1' }),
          ...(jar.size > 0 ? { Cookie: cookie() } : {}),
          ...headers,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
      const sets = answer.headers.getSetCookie()
      for (const line of sets) {
        const [pair] = line.split(';')
        const at = pair!.indexOf('=')
        const [key, value] = [pair!.slice(0, at), pair!.slice(at + 1)]
        if (value === '') jar.delete(key)
        else jar.set(key, value)
      }
      const set = sets.findLast((c) => c.startsWith('stitchboard_person=')) ?? null
      const json = answer.headers.get('Content-Type')?.startsWith('application/json')
      return {
        status: answer.status,
        // biome-ignore lint/suspicious/noExplicitAny: the answers are read as a page reads them, loosely
        body: (json ? await answer.json() : {}) as Record<string, any>,
        setCookie: set,
        location: answer.headers.get('Location'),
      }
    }
    return {
      ask,
      /** the same cookies on another instance */
      on: (other: ReturnType<typeof createApp>) => {
        const twin = browser(() => other)
        for (const line of cookie().split('; ').filter(Boolean)) twin.keep(line)
        return twin
      },
      keep: (pair: string) => {
        const at = pair.indexOf('=')
        jar.set(pair.slice(0, at), pair.slice(at + 1))
      },
      cookie: () =>
        jar.has('stitchboard_person') ? `stitchboard_person=${jar.get('stitchboard_person')}` : '',
    }
  }
  const rejects = (by: string) => ({ shift: 'Early', day: '2026-11-18', locationId: null, rejects: 3, by })
  const target = (by: string) => ({
    shift: 'Early',
    weekday: null,
    scope: { kind: 'all' },
    pieces: 500,
    stitches: null,
    by,
  })
  const entries = async () =>
    (await audit.list({ from: 0, till: T0 + 86_400_000, limit: 100 })).map((e) => ({
      actor: e.actor,
      via: e.via,
      event: e.event,
      result: e.result,
      status: e.status,
    }))
  async function addPerson(
    login: string,
    name: string,
    role: 'viewer' | 'operator' | 'supervisor' | 'admin',
    locations: number[] = [],
  ) {
    return people.add(
      { login, name, role, locations, passwordHash: await hashPassword(PASSWORD) },
      'the test',
      clock,
    )
  }

  test('before any administrator: the floor writes with typed names, settings with ADMIN_TOKEN, all logged', async () => {
    const floor = browser()
    expect((await floor.ask('/api/auth/me')).body).toMatchObject({
      accounts: false,
      person: null,
      adminToken: true,
    })
    expect((await floor.ask('/api/plan/rejects', rejects('Ana'))).status).toBe(200)
    expect((await floor.ask('/api/plan/targets', target('Bea'))).status).toBe(401)
    expect(
      (await floor.ask('/api/plan/targets', target('Bea'), { Authorization: 'Bearer wrong-token-000000' }))
        .status,
    ).toBe(403)
    const set = await floor.ask('/api/plan/targets', target('Bea'), { Authorization: `Bearer ${ADMIN}` })
    expect(set.body.error).toBeUndefined()
    expect(await entries()).toEqual([
      { actor: 'Bea (admin token)', via: 'admin-token', event: 'target set', result: 'ok', status: 200 },
      { actor: 'Bea (typed)', via: 'anonymous', event: 'target set', result: 'refused', status: 403 },
      { actor: 'Bea (typed)', via: 'anonymous', event: 'target set', result: 'refused', status: 401 },
      { actor: 'Ana (typed)', via: 'anonymous', event: 'rejects entered', result: 'ok', status: 200 },
    ])
    const [kept] = await audit.list({ from: 0, till: T0 + 1, limit: 1 })
    expect(kept).toMatchObject({ address: '10.0.0.7', target: '/api/plan/targets', at: T0 })
    expect(kept!.detail).toMatchObject({ asked: { shift: 'Early', pieces: 500, by: 'Bea' } })

    // the export for a spreadsheet, an administrator's (here the token's): a typed name that a
    // spreadsheet would run is made inert, and the export is itself kept
    expect((await floor.ask('/api/plan/rejects', rejects('=HYPERLINK("x")'))).status).toBe(200)
    const range = `from=${T0 - 60_000}&till=${T0 + 60_000}`
    expect((await floor.ask(`/api/audit/export?${range}`)).status).toBe(401)
    const exported = await app.request(`http://127.0.0.1/api/audit/export?${range}&result=ok`, {
      headers: { Authorization: `Bearer ${ADMIN}` },
    })
    expect(exported.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    const lines = (await exported.text()).split('\r\n')
    expect(lines[1]).toMatch(
      /^\d+,2026-11-18T09:00:00\.000Z,"'=HYPERLINK\(""x""\) \(typed\)",,anonymous,,10\.0\.0\.7,plan,rejects entered,/,
    )
    expect(lines).toHaveLength(5) // the header, three entries, the last line's end
    expect((await entries())[0]).toMatchObject({
      actor: 'admin token',
      event: 'audit log exported',
      result: 'ok',
    })
  })

  test('the first administrator: by the one-time code, once', async () => {
    const code = await people.newFirstAdminCode(clock, 24 * 60 * MIN)
    expect(code).toMatch(/^\d{4}-\d{4}-\d{4}$/)
    const first = browser()
    const admin = { login: 'pia', name: 'Pia Plant', password: PASSWORD }
    expect((await first.ask('/api/auth/first-admin', { ...admin, code: '0000-0000-0000' })).status).toBe(403)
    expect((await first.ask('/api/auth/first-admin', { ...admin, code, password: 'short' })).body.error).toBe(
      'The first administrator: a password has at least 12 characters',
    )
    const made = await first.ask('/api/auth/first-admin', { ...admin, code })
    expect(made.status).toBe(200)
    expect(made.setCookie).toMatch(
      /^stitchboard_person=[\w-]{43}; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax$/,
    )
    expect((await first.ask('/api/auth/me')).body).toMatchObject({
      accounts: true,
      adminToken: false,
      person: { login: 'pia', name: 'Pia Plant', role: 'admin' },
    })
    // the code is used up, and a second first administrator is not made
    const again = await browser().ask('/api/auth/first-admin', { ...admin, login: 'eve', code })
    expect(again).toMatchObject({ status: 409 })
    expect((await entries()).map((e) => `${e.event} ${e.result}`)).toEqual([
      'first administrator failed',
      'first administrator ok',
      'first administrator refused',
    ])
  })

  test('with accounts: roles decide, the name is the signed-in person’s, the tokens change nothing', async () => {
    await addPerson('pia', 'Pia Plant', 'admin')
    await addPerson('olaf', 'Olaf Operator', 'operator')
    await addPerson('sue', 'Sue Supervisor', 'supervisor')
    const nobody = browser()
    expect((await nobody.ask('/api/plan/rejects', rejects('Ana'))).body).toMatchObject({ reason: 'sign-in' })
    const token = await nobody.ask('/api/plan/targets', target('Bea'), { Authorization: `Bearer ${ADMIN}` })
    expect(token.status).toBe(401)
    expect(token.body.error).toBe(
      'Targets: sign in. The admin token changes nothing once stitchboard has an administrator',
    )

    const olaf = browser()
    expect(
      (await olaf.ask('/api/auth/sign-in', { login: 'olaf', password: 'not his password' })).status,
    ).toBe(401)
    expect((await olaf.ask('/api/auth/sign-in', { login: 'OLAF', password: PASSWORD })).status).toBe(200)
    expect((await olaf.ask('/api/plan/rejects', rejects('Somebody Else'))).status).toBe(200)
    const kept = (await olaf.ask('/api/plan/rejects?from=2026-11-18&till=2026-11-18')).body.rejects
    expect(kept.map((r: { by: string }) => r.by)).toEqual(['Olaf Operator'])
    const refused = await olaf.ask('/api/plan/targets', target('Olaf'))
    expect(refused).toMatchObject({ status: 403, body: { reason: 'role', needs: 'supervisor' } })
    expect(refused.body.error).toBe(
      'Targets: this needs the supervisor role, and Olaf Operator is an operator',
    )
    expect((await olaf.ask('/api/plan/targets')).body.canChange).toBe(false)

    const sue = browser()
    await sue.ask('/api/auth/sign-in', { login: 'sue', password: PASSWORD })
    expect((await sue.ask('/api/plan/targets')).body.canChange).toBe(true)
    expect((await sue.ask('/api/plan/targets', target('Pia'))).body.target).toMatchObject({
      by: 'Sue Supervisor',
    })
    expect((await sue.ask('/api/people')).status).toBe(403)

    expect(await entries()).toEqual([
      { actor: 'Sue Supervisor', via: 'session', event: 'target set', result: 'ok', status: 200 },
      { actor: 'Sue Supervisor', via: 'session', event: 'sign-in', result: 'ok', status: 200 },
      { actor: 'Olaf Operator', via: 'session', event: 'target set', result: 'refused', status: 403 },
      { actor: 'Olaf Operator', via: 'session', event: 'rejects entered', result: 'ok', status: 200 },
      { actor: 'Olaf Operator', via: 'session', event: 'sign-in', result: 'ok', status: 200 },
      { actor: 'anonymous', via: 'anonymous', event: 'sign-in', result: 'refused', status: 401 },
      { actor: 'Bea (typed)', via: 'anonymous', event: 'target set', result: 'refused', status: 401 },
      { actor: 'Ana (typed)', via: 'anonymous', event: 'rejects entered', result: 'refused', status: 401 },
    ])
  })

  test('sessions: a new id at each sign-in, ended when idle, one by one or all at once', async () => {
    await addPerson('pia', 'Pia Plant', 'admin')
    const olafPerson = await addPerson('olaf', 'Olaf Operator', 'operator')
    const pia = browser()
    await pia.ask('/api/auth/sign-in', { login: 'pia', password: PASSWORD })
    const desk = browser()
    const phone = browser()
    await desk.ask('/api/auth/sign-in', { login: 'olaf', password: PASSWORD })
    const first = desk.cookie()
    await desk.ask('/api/auth/sign-in', { login: 'olaf', password: PASSWORD })
    expect(desk.cookie()).not.toBe(first)
    await phone.ask('/api/auth/sign-in', { login: 'olaf', password: PASSWORD })

    // the desk's earlier session was ended by its new sign-in: Olaf has two, Pia one
    const listed = (await pia.ask('/api/people')).body
    expect(listed.sessions.filter((s: { personId: number }) => s.personId === olafPerson.id)).toHaveLength(2)
    // the phone's, the newer
    const phoneSession = listed.sessions
      .filter((s: { personId: number }) => s.personId === olafPerson.id)
      .sort((a: { id: number }, b: { id: number }) => b.id - a.id)[0]
    expect(listed.sessions.find((s: { yours: boolean }) => s.yours)).toBeTruthy()

    // one ended by an administrator
    expect((await pia.ask(`/api/sessions/${phoneSession.id}/end`, {})).body).toEqual({ ended: 1 })
    const live = [desk, phone].map(async (b) => (await b.ask('/api/auth/me')).body.person?.login ?? null)
    expect(await Promise.all(live)).toEqual(['olaf', null])

    // idle for longer than SESSION_IDLE_MINUTES (60): signed out; a request within it keeps it
    clock += 50 * MIN
    expect((await pia.ask('/api/auth/me')).body.person?.login).toBe('pia')
    clock += 50 * MIN
    expect((await desk.ask('/api/auth/me')).body.person).toBeNull()
    expect((await pia.ask('/api/auth/me')).body.person?.login).toBe('pia')

    // all at once, the administrator's own included
    await desk.ask('/api/auth/sign-in', { login: 'olaf', password: PASSWORD })
    expect((await pia.ask('/api/sessions/end-all', {})).body).toEqual({ ended: 2 })
    expect((await pia.ask('/api/people')).status).toBe(401)

    // signing out ends the session on the server, not only in the browser
    await desk.ask('/api/auth/sign-in', { login: 'olaf', password: PASSWORD })
    const cookie = desk.cookie()
    await desk.ask('/api/auth/sign-out', {})
    const replayed = await app.request('http://127.0.0.1/api/auth/me', { headers: { Cookie: cookie } })
    expect(((await replayed.json()) as { person: unknown }).person).toBeNull()
  })

  test('people: added, changed and switched off by an administrator, never the last one', async () => {
    const piaPerson = await addPerson('pia', 'Pia Plant', 'admin')
    const pia = browser()
    await pia.ask('/api/auth/sign-in', { login: 'pia', password: PASSWORD })
    const added = await pia.ask('/api/people', {
      login: 'olaf',
      name: 'Olaf',
      role: 'operator',
      locations: [2],
      password: PASSWORD,
    })
    expect(added.body.person).toMatchObject({
      login: 'olaf',
      role: 'operator',
      locations: [2],
      createdBy: 'Pia Plant',
    })
    expect(
      (await pia.ask('/api/people', { login: 'Olaf', name: 'Other', role: 'viewer', password: PASSWORD }))
        .body.error,
    ).toBe('The login "Olaf" is taken')
    expect(
      (await pia.ask('/api/people', { login: 'x y', name: 'X', role: 'chief', password: PASSWORD })).body
        .error,
    ).toBe('The person cannot be added: login is 2–64 letters, digits or . _ @ -')
    const olaf = browser()
    await olaf.ask('/api/auth/sign-in', { login: 'olaf', password: PASSWORD })
    // promoted: signed out everywhere, to sign in again with the new role
    await pia.ask(`/api/people/${added.body.person.id}`, { role: 'supervisor' })
    expect((await olaf.ask('/api/auth/me')).body.person).toBeNull()
    await pia.ask(`/api/people/${added.body.person.id}`, { active: false })
    expect((await olaf.ask('/api/auth/sign-in', { login: 'olaf', password: PASSWORD })).status).toBe(401)

    const lastAdmin = await pia.ask(`/api/people/${piaPerson.id}`, { role: 'viewer' })
    expect(lastAdmin).toMatchObject({ status: 409 })
    expect(lastAdmin.body.error).toBe('The last active administrator cannot be demoted or switched off')

    // the audit log: the password of the person added is not kept
    const read = await pia.ask(`/api/audit?from=${T0 - 60_000}&till=${T0 + 60_000}&category=people`)
    expect(read.body.error).toBeUndefined()
    const log = read.body.entries
    expect(log.map((e: { event: string; result: string }) => `${e.event} ${e.result}`)).toEqual([
      'person changed failed',
      'person changed ok',
      'person changed ok',
      'person added failed',
      'person added failed',
      'person added ok',
    ])
    expect(log.at(-1).detail.asked).toEqual({
      login: 'olaf',
      name: 'Olaf',
      role: 'operator',
      locations: [2],
      password: '(hidden)',
    })
    // a change keeps what it changed, before and after
    expect(log.slice(1, 3).map((e: { detail: { changes: unknown } }) => e.detail.changes)).toEqual([
      [{ at: 'active', before: true, after: false }],
      [{ at: 'role', before: 'operator', after: 'supervisor' }],
    ])
    expect(log[0].detail.changes).toBeUndefined()
    expect(JSON.stringify(log)).not.toContain(PASSWORD)
    expect((await pia.ask('/api/audit?from=0&till=x')).body.error).toBe(
      'The audit log cannot be read: till Invalid input: expected number, received NaN',
    )
  })

  test("a person linked to the vendor's operator records: one person per operator", async () => {
    const pia = await addPerson('pia', 'Pia Plant', 'admin')
    const olaf = await addPerson('olaf', 'Olaf Operator', 'operator')
    const admin = browser()
    await admin.ask('/api/auth/sign-in', { login: 'pia', password: PASSWORD })
    const linked = await admin.ask(`/api/people/${olaf.id}`, { vendorOperatorId: 'OP-17' })
    expect(linked.body.person).toMatchObject({ name: 'Olaf Operator', vendorOperatorId: 'OP-17' })
    expect(await admin.ask(`/api/people/${pia.id}`, { vendorOperatorId: 'OP-17' })).toMatchObject({
      status: 409,
      body: { error: 'Olaf Operator is the operator OP-17 already' },
    })
    expect((await admin.ask(`/api/people/${pia.id}`, { vendorOperatorId: '<b>' })).body.error).toBe(
      'The person cannot be changed: vendorOperatorId is 1–64 letters, digits or . _ : @ -',
    )
    expect((await admin.ask(`/api/people/${olaf.id}`, { vendorOperatorId: null })).body.person).toMatchObject(
      {
        vendorOperatorId: null,
      },
    )
    // newest first: what each change changed; the refused ones changed nothing
    const kept = await audit.list({ from: 0, till: T0 + 60_000, limit: 4, category: 'people' })
    expect(kept.map((e) => [e.status, e.detail.changes])).toEqual([
      [200, [{ at: 'vendorOperatorId', before: 'OP-17', after: null }]],
      [400, undefined],
      [409, undefined],
      [200, [{ at: 'vendorOperatorId', before: null, after: 'OP-17' }]],
    ])
  })

  test('guessing passwords: five wrong for a login, then it waits', async () => {
    await addPerson('olaf', 'Olaf Operator', 'operator')
    const guesser = browser()
    for (let i = 0; i < 5; i++)
      expect(
        (await guesser.ask('/api/auth/sign-in', { login: 'olaf', password: `guess number ${i}` })).status,
      ).toBe(401)
    const limited = await guesser.ask('/api/auth/sign-in', { login: 'olaf', password: PASSWORD })
    expect(limited).toMatchObject({ status: 429, body: { reason: 'locked', minutes: 15 } })
    expect(limited.body.error).toBe('This login is locked after 5 wrong passwords: try again in 15 min')
    // from another address too: the login is locked, not the client
    const elsewhere = await browser().ask(
      '/api/auth/sign-in',
      { login: 'olaf', password: PASSWORD },
      { 'X-Test-Socket': '10.0.0.99' },
    )
    expect(elsewhere.status).toBe(429)
    clock += 16 * MIN
    expect((await guesser.ask('/api/auth/sign-in', { login: 'olaf', password: PASSWORD })).status).toBe(200)
  })

  test('a flood of writes from one client: refused after its burst, kept in the audit log once', async () => {
    const floor = browser()
    const answers: number[] = []
    for (let i = 0; i < 75; i++)
      answers.push((await floor.ask('/api/plan/rejects', rejects(`Name ${i}`))).status)
    expect(answers.filter((s) => s === 200)).toHaveLength(60)
    expect(answers.slice(60)).toEqual(Array(15).fill(429))
    const refused = (await entries()).filter((e) => e.status === 429)
    expect(refused).toEqual([
      { actor: 'anonymous', via: 'anonymous', event: 'rejects entered', result: 'refused', status: 429 },
    ])
    // another client is not held back, and this one may write again a second later
    expect(
      (await floor.ask('/api/plan/rejects', rejects('Ana'), { 'X-Test-Socket': '10.0.0.8' })).status,
    ).toBe(200)
    clock += 1000
    expect((await floor.ask('/api/plan/rejects', rejects('Ana'))).status).toBe(200)
  })

  test('a person limited to locations changes only what is there, and is told so', async () => {
    await addPerson('pia', 'Pia Plant', 'admin')
    await addPerson('olaf', 'Olaf Operator', 'operator', [1])
    await addPerson('sue', 'Sue Supervisor', 'supervisor', [1])
    const olaf = browser()
    await olaf.ask('/api/auth/sign-in', { login: 'olaf', password: PASSWORD })
    expect((await olaf.ask('/api/plan/rejects', { ...rejects('x'), locationId: 1 })).status).toBe(200)
    expect(await olaf.ask('/api/plan/rejects', { ...rejects('x'), locationId: 2 })).toMatchObject({
      status: 403,
      body: { reason: 'location', error: 'Olaf Operator does not work at location 2' },
    })
    // all locations at once, or a machine whose location is not known (no poll yet): not theirs either
    expect((await olaf.ask('/api/plan/rejects', rejects('x'))).body).toMatchObject({ reason: 'location' })
    expect(
      (await olaf.ask('/api/stops/reason', { machineId: 'M-0101', start: T0 - MIN, reason: 'x', by: 'x' }))
        .body,
    ).toMatchObject({ reason: 'location' })
    const sue = browser()
    await sue.ask('/api/auth/sign-in', { login: 'sue', password: PASSWORD })
    expect(
      (await sue.ask('/api/plan/targets', { ...target('x'), scope: { kind: 'location', id: 1 } })).status,
    ).toBe(200)
    expect((await sue.ask('/api/plan/targets', target('x'))).body).toMatchObject({ reason: 'location' })
    // the refusals are in the audit log
    expect((await entries()).filter((e) => e.result === 'refused').map((e) => [e.actor, e.status])).toEqual([
      ['Sue Supervisor', 403],
      ['Olaf Operator', 403],
      ['Olaf Operator', 403],
      ['Olaf Operator', 403],
    ])
  })

  test('every write route × every role: refused below its role, let through from it on', async () => {
    await addPerson('pia', 'Pia Plant', 'admin')
    const signedIn = new Map<string, ReturnType<typeof browser>>()
    for (const role of ROLES) {
      await addPerson(role, `A ${role}`, role)
      const b = browser()
      expect((await b.ask('/api/auth/sign-in', { login: role, password: PASSWORD })).status).toBe(200)
      signedIn.set(role, b)
    }
    const matrix: string[] = []
    // the routes that end sessions last (every session, the matrix's own too, at the very end)
    const ending = (key: string) => (key.includes('end-all') ? 2 : key.includes('end') ? 1 : 0)
    const routes = Object.entries(WRITE_ROUTES).sort(([a], [b]) => ending(a) - ending(b))
    for (const [key, route] of routes) {
      if (route.role === 'anyone') continue
      const path = key.slice('POST '.length).replace(/:[a-z]+/gi, '987654')
      for (const role of ROLES) {
        // each role from an address of its own: the matrix is not a flood
        const { status } = await signedIn
          .get(role)!
          .ask(path, {}, { 'X-Test-Socket': `10.0.1.${ROLES.indexOf(role)}` })
        const expected = roleAtLeast(role, route.role) ? 'through' : 'refused'
        const got = status === 403 || status === 401 ? 'refused' : 'through'
        if (got !== expected) matrix.push(`${key} as ${role}: ${status}, expected ${expected}`)
      }
    }
    expect(matrix).toEqual([])
    expect(Object.keys(WRITE_ROUTES).length).toBeGreaterThan(15)
  })

  test('a floor device: enrolled by its code, operators identify with a PIN, five wrong ones lock it', async () => {
    await addPerson('pia', 'Pia Plant', 'admin')
    const olaf = await addPerson('olaf', 'Olaf Operator', 'operator')
    const viewer = await addPerson('vic', 'Vic Viewer', 'viewer')
    const sue = browser()
    await addPerson('sue', 'Sue Supervisor', 'supervisor')
    await sue.ask('/api/auth/sign-in', { login: 'sue', password: PASSWORD })
    const made = await sue.ask('/api/devices', { kind: 'floor', name: 'Tablet Hall North', locationId: 1 })
    expect(made.body.code).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/)
    expect(made.body.link).toBe(`http://127.0.0.1/enrol?code=${made.body.code}`)
    expect(made.body.qr.cells).toHaveLength(made.body.qr.size ** 2)
    expect((await sue.ask(`/api/people/${olaf.id}/pin`, { pin: '4821' })).status).toBe(200)
    expect((await sue.ask(`/api/people/${viewer.id}/pin`, { pin: '4821' })).body.error).toBe(
      'Someone else has this PIN: choose another',
    )
    await sue.ask(`/api/people/${viewer.id}/pin`, { pin: '1111' })

    // the tablet: its code once, typed as people type it
    const tablet = browser()
    const code = String(made.body.code).toLowerCase().replace('-', ' ')
    expect((await tablet.ask('/api/devices/enrol', { code })).body.device).toMatchObject({
      name: 'Tablet Hall North',
    })
    expect((await browser().ask('/api/devices/enrol', { code })).status).toBe(403)
    expect((await tablet.ask('/api/auth/me')).body).toMatchObject({ person: null, device: { kind: 'floor' } })

    // no PIN: asked for one; the PIN names the person, whatever name the form sends
    expect((await tablet.ask('/api/plan/rejects', rejects('Somebody'))).body).toMatchObject({ reason: 'pin' })
    expect((await tablet.ask('/api/plan/rejects', { ...rejects('Somebody'), pin: '4821' })).status).toBe(200)
    const kept = (await tablet.ask('/api/plan/rejects?from=2026-11-18&till=2026-11-18')).body.rejects
    expect(kept.map((r: { by: string }) => r.by)).toEqual(['Olaf Operator'])
    const [entry] = await audit.list({ from: 0, till: T0 + 60_000, limit: 1 })
    expect(entry).toMatchObject({
      actor: 'Olaf Operator',
      via: 'device',
      device: 'Tablet Hall North',
      role: 'operator',
    })
    expect(JSON.stringify(entry!.detail)).not.toContain('4821')

    // a viewer's PIN is a PIN, but not for this; wrong PINs are counted: the fifth locks the entry
    const lefts: unknown[] = []
    for (const pin of ['1111', '0000', '1234', '9999'])
      lefts.push((await tablet.ask('/api/plan/rejects', { ...rejects('x'), pin })).body.left)
    expect(lefts).toEqual([4, 3, 2, 1])
    const fifth = await tablet.ask('/api/plan/rejects', { ...rejects('x'), pin: '5555' })
    expect(fifth).toMatchObject({ status: 423, body: { reason: 'pin-locked' } })
    expect((await tablet.ask('/api/plan/rejects', { ...rejects('x'), pin: '4821' })).status).toBe(423)
    const listed = (await sue.ask('/api/devices')).body.devices
    expect(listed).toMatchObject([{ name: 'Tablet Hall North', pinLocked: true, address: '10.0.0.7' }])
    await sue.ask(`/api/devices/${listed[0].id}/unlock`, {})
    expect((await tablet.ask('/api/plan/rejects', { ...rejects('x'), pin: '4821' })).status).toBe(200)

    // revoked: the tablet is no one's any more
    await sue.ask(`/api/devices/${listed[0].id}/revoke`, {})
    expect((await tablet.ask('/api/auth/me')).body.device).toBeNull()
    expect((await tablet.ask('/api/plan/rejects', { ...rejects('x'), pin: '4821' })).body).toMatchObject({
      reason: 'sign-in',
    })
    expect((await sue.ask('/api/devices')).body.devices[0]).toMatchObject({ revokedBy: 'Sue Supervisor' })
  })

  test('who may look: anyone before accounts; then people and enrolled screens, a revoked one out at once', async () => {
    const passer = browser()
    expect((await passer.ask('/api/history/now')).status).toBe(200)
    await addPerson('pia', 'Pia Plant', 'admin')
    // (made outside this server, by `npm run user`: noticed within VIEW_CHECK_MS)
    clock += VIEW_CHECK_MS
    // once accounts exist: the board's answers say who is missing, its pages lead to the sign-in page
    expect((await passer.ask('/api/history/now')).body).toMatchObject({ reason: 'who' })
    expect(await passer.ask('/machines?range=7d')).toMatchObject({
      status: 303,
      location: '/sign-in?next=%2Fmachines%3Frange%3D7d',
    })
    // what signing in and enrolling need stays open
    for (const open of ['/api/auth/me', '/app-config.json', '/sign-in', '/enrol', '/assets/index.js'])
      expect([open, (await passer.ask(open)).status]).not.toContainEqual(401)
    expect((await passer.ask('/sign-in')).status).not.toBe(303)

    const pia = browser()
    await pia.ask('/api/auth/sign-in', { login: 'pia', password: PASSWORD })
    expect((await pia.ask('/api/history/now')).status).toBe(200)

    // a wall screen, enrolled by its code, sees on this instance and on another sharing the database
    const made = await pia.ask('/api/devices', { kind: 'wall', name: 'Wall Hall North', locationId: 1 })
    const wall = browser()
    await wall.ask('/api/devices/enrol', { code: made.body.code })
    const other = makeApp()
    const wallThere = wall.on(other)
    expect((await wall.ask('/api/history/now')).status).toBe(200)
    expect((await wallThere.ask('/api/history/now')).status).toBe(200)
    expect((await wall.ask('/api/plan/rejects', rejects('Wall'))).body).toMatchObject({ reason: 'wall' })

    // revoked: out at once where it was revoked; on the other instance within VIEW_CHECK_MS (under one poll)
    await pia.ask(`/api/devices/${made.body.device.id}/revoke`, {})
    expect((await wall.ask('/api/history/now')).body).toMatchObject({ reason: 'who' })
    clock += VIEW_CHECK_MS
    expect((await wallThere.ask('/api/history/now')).body).toMatchObject({ reason: 'who' })
    expect(VIEW_CHECK_MS).toBeLessThan(15_000)

    // signed out: out too
    await pia.ask('/api/auth/sign-out', {})
    expect((await pia.ask('/api/history/now')).status).toBe(401)
  })

  test('the audit log is appended to only', async () => {
    await browser().ask('/api/plan/rejects', rejects('Ana'))
    await expect(db.query("update audit_log set actor = 'someone else'")).rejects.toThrow(
      'the audit log is appended to only: a row cannot be changed',
    )
    await expect(db.query('delete from audit_log')).rejects.toThrow(
      'the audit log is appended to only: rows go only when their retention ends',
    )
    // only the pruning of entries older than HISTORY_DAYS removes any
    await db.query(
      `insert into audit_log (at, actor, via, category, event, result, status)
       values ($1, 'x', 'server', 'access', 'long ago', 'ok', 200)`,
      [T0 - 31 * 86_400_000],
    )
    await audit.pruneOlderThan(30, T0)
    expect((await db.query<{ event: string }>('select event from audit_log')).map((r) => r.event)).toEqual([
      'rejects entered',
    ])
  })
})
