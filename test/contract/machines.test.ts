import { describe, expect, test } from 'vitest'
import { createDemoUpstream } from '../../server/demo/app'
import { collectorMachineSchema } from '../../src/api/contract/collector-machine'
import { KNOWN_MACHINE_STATUSES, type Machine, machineSchema } from '../../src/api/contract/machine'
import { demoClient, FIXED_NOW } from '../demo-client'

/** The demo upstream against reference 4.5–4.7 and 5, and the assumptions of ARCHITECTURE.md. */
const demo = demoClient()
const machinesOf = async (key = 'demo-key-a') => (await demo.get('/machines', key)).body.data as Machine[]

describe('reference 4.5: GET /machines', () => {
  test('lists the company’s machines in the assumed shape, 40+ of them, 1–20 heads, 9–15 needles', async () => {
    const machines = await machinesOf()
    expect(machines.length).toBeGreaterThanOrEqual(40)
    for (const m of machines) {
      expect(machineSchema.safeParse(m).success, m.machine_id).toBe(true)
      expect(KNOWN_MACHINE_STATUSES).toContain(m.status)
    }
    const heads = machines.map((m) => m.heads)
    const needles = machines.map((m) => m.needles)
    expect([Math.min(...heads), Math.max(...heads)]).toEqual([1, 20])
    expect([Math.min(...needles), Math.max(...needles)]).toEqual([9, 15])
  })

  test('reference 5: each key sees only its own company’s machines', async () => {
    const a = (await machinesOf('demo-key-a')).map((m) => m.machine_id)
    const b = (await machinesOf('demo-key-b')).map((m) => m.machine_id)
    expect(b.length).toBeGreaterThan(0)
    expect(a.filter((id) => b.includes(id))).toEqual([])
  })

  test('several locations and collector units per company', async () => {
    for (const key of ['demo-key-a', 'demo-key-b']) {
      const machines = await machinesOf(key)
      expect(new Set(machines.map((m) => m.location_id)).size).toBeGreaterThanOrEqual(2)
      expect(new Set(machines.map((m) => m.datacollector_id)).size).toBeGreaterThanOrEqual(2)
    }
  })

  test('a loaded design has done ≤ total stitches, and remaining time is given while it sews', async () => {
    const machines = await machinesOf()
    const sewing = machines.filter((m) => m.status === 'running')
    expect(sewing.length).toBeGreaterThan(0)
    for (const m of sewing) {
      expect(m.design).not.toBeNull()
      expect(m.design!.stitches_done).toBeLessThanOrEqual(m.design!.stitches_total)
      expect(m.remaining_seconds).toBeGreaterThanOrEqual(0)
    }
    for (const m of machines.filter((x) => x.status === 'idle' || x.status === 'offline'))
      expect(m.design).toBeNull()
  })

  test('the factory lives: statuses change as minutes pass, and the same clock gives the same answer', async () => {
    const at = (ms: number) => createDemoUpstream({ now: () => ms, timeZone: 'Europe/Berlin' })
    const read = async (ms: number) =>
      (await (await at(ms).app.request('/machines', { headers: { 'X-API-Key': 'demo-key-a' } })).json())
        .data as Machine[]
    const now = await read(FIXED_NOW)
    expect(await read(FIXED_NOW)).toEqual(now)
    const later = await read(FIXED_NOW + 20 * 60_000)
    const changed = now.filter(
      (m, i) => m.status !== later[i]!.status || m.status_since !== later[i]!.status_since,
    )
    expect(changed.length).toBeGreaterThan(5)
  })

  test('an offline machine’s last_seen is when it went silent', async () => {
    // machine 5 hangs on a flaky link; find a moment in the last days when it is offline
    const id = (await machinesOf())[4]!.machine_id
    let found: Machine | undefined
    for (let h = 0; h < 96 && !found; h++) {
      const upstream = createDemoUpstream({ now: () => FIXED_NOW - h * 3_600_000, timeZone: 'Europe/Berlin' })
      const m = (
        await (
          await upstream.app.request(`/machines/${id}`, { headers: { 'X-API-Key': 'demo-key-a' } })
        ).json()
      ).data
      if (m.status === 'offline') found = m
    }
    expect(found).toBeDefined()
    expect(found!.last_seen).toBe(found!.status_since)
  })
})

describe('reference 4.6: GET /machines/{machineId}', () => {
  test('returns the machine as listed', async () => {
    const [first] = await machinesOf()
    const { status, body } = await demo.get(`/machines/${first!.machine_id}`)
    expect(status).toBe(200)
    expect(body.data).toEqual(first)
  })

  test.each([
    ['an unknown machine', 'NO-SUCH', 'demo-key-a'],
    ['another company’s machine', 'from-a', 'demo-key-b'],
  ])('%s is a 404 with an error body', async (_, id, key) => {
    const machineId = id === 'from-a' ? (await machinesOf())[0]!.machine_id : id
    const { status, body } = await demo.get(`/machines/${machineId}`, key)
    expect(status).toBe(404)
    expect(body.error).toContain(machineId)
  })
})

describe('reference 4.7: GET /datacollectors/{id}/machines', () => {
  test('every machine of the company is on exactly one collector; rows have the fields of 2.3', async () => {
    const machines = await machinesOf()
    const collectors = [...new Set(machines.map((m) => m.datacollector_id!))]
    const seen: string[] = []
    for (const id of collectors) {
      const { status, body } = await demo.get(`/datacollectors/${id}/machines`)
      expect(status).toBe(200)
      for (const row of body.data) {
        expect(collectorMachineSchema.safeParse(row).success).toBe(true)
        expect(Date.parse(row.first_seen)).toBeLessThan(Date.parse(row.last_seen))
        seen.push(row.machine_id)
      }
    }
    expect(seen.sort()).toEqual(machines.map((m) => m.machine_id).sort())
  })

  test.each([
    ['an unknown collector', 'nope', 'demo-key-a'],
    ['another company’s collector', 'dc-n1', 'demo-key-b'],
  ])('%s is a 404 with an error body', async (_, id, key) => {
    const { status, body } = await demo.get(`/datacollectors/${id}/machines`, key)
    expect(status).toBe(404)
    expect(body.error).toEqual(expect.any(String))
  })

  test('reference 5: collectors need the key too', async () => {
    expect((await demo.get('/datacollectors/dc-n1/machines', null)).status).toBe(401)
    expect((await demo.get('/machines', null)).status).toBe(401)
  })
})
