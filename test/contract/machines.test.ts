import { describe, expect, test } from 'vitest'
import { createDemoUpstream } from '../../server/demo/app'
import { vendorCollectorMachineSchema, vendorCollectorSchema } from '../../src/api/contract/collector'
import { vendorDesignSchema, vendorWorkPeriodSchema } from '../../src/api/contract/design'
import { type VendorMachine, vendorMachineSchema } from '../../src/api/contract/machine'
import { DEMO_STATUS_CODES } from '../../src/lib/status-codes'
import { demoClient, FIXED_NOW } from '../demo-client'

/** The demo upstream against myzsk-api.md 1.1–1.6 and production-api.md 2.3: exactly the documented
 * fields, typed as documented, and nothing the vendor does not document. */
const demo = demoClient()
const machinesOf = async (key = 'demo-key-a') =>
  (await demo.get('/machines', key)).body.data as VendorMachine[]
const keysOf = (schema: { def: { shape: object } }) => Object.keys(schema.def.shape).sort()

describe('myzsk-api.md 1.1: GET /machines', () => {
  test('every record has exactly the documented fields; 40+ machines, 1–20 heads, 9–15 needles', async () => {
    const machines = await machinesOf()
    expect(machines.length).toBeGreaterThanOrEqual(40)
    for (const m of machines) {
      const parsed = vendorMachineSchema.safeParse(m)
      expect(parsed.success, `${m.machine_id}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true)
      expect(Object.keys(m).sort()).toEqual(keysOf(vendorMachineSchema))
      expect(m.hide_machine).toBe(false)
    }
    const heads = machines.map((m) => m.heads)
    const needles = machines.map((m) => m.needles)
    expect([Math.min(...heads), Math.max(...heads)]).toEqual([1, 20])
    expect([Math.min(...needles), Math.max(...needles)]).toEqual([9, 15])
  })

  test('no status text, no status_since, no operator or design name on a machine record', async () => {
    for (const m of await machinesOf())
      for (const field of ['status', 'status_since', 'operator', 'design', 'machine_name', 'location_name'])
        expect(m).not.toHaveProperty(field)
  })

  test('status codes come from the demo’s table; rotation_speed is 0 unless running; rpm is the configured speed', async () => {
    const machines = await machinesOf()
    for (const m of machines) {
      if (m.status_code !== null)
        expect(DEMO_STATUS_CODES.has(m.status_code), String(m.status_code)).toBe(true)
      if (m.status_code !== 1) expect(m.rotation_speed).toBe(0)
      else expect(m.rotation_speed).toBeGreaterThan(0)
      expect(m.rotation_speed ?? 0).toBeLessThanOrEqual(m.rpm)
      expect(m.active_heads).toBeLessThanOrEqual(m.heads)
    }
    expect(machines.some((m) => m.active_heads < m.heads)).toBe(true)
    expect(new Set(machines.map((m) => m.status_code)).size).toBeGreaterThanOrEqual(3)
  })

  test('a loaded design has its stitch count, a stitch position within it, passes and an estimate', async () => {
    const loaded = (await machinesOf()).filter((m) => m.id_design !== null)
    expect(loaded.length).toBeGreaterThan(0)
    for (const m of loaded) {
      expect(m.design_stitches).toBeGreaterThan(0)
      expect(m.stitch).toBeLessThanOrEqual(m.design_stitches!)
      expect(m.repeated_pattern).toBeGreaterThanOrEqual(1)
      expect(m.passes_pattern).toBeLessThanOrEqual(m.repeated_pattern!)
      expect(m.estimate_time_remaining).toBeGreaterThanOrEqual(0)
    }
  })

  test('passes and repeats: over a day some machine sews a design more than once', async () => {
    let repeated = false
    for (let h = 0; h < 24 && !repeated; h++) {
      const upstream = createDemoUpstream({ now: () => FIXED_NOW - h * 3_600_000, timeZone: 'Europe/Berlin' })
      const data = (
        await (await upstream.app.request('/machines', { headers: { 'X-API-Key': 'demo-key-a' } })).json()
      ).data as VendorMachine[]
      repeated = data.some((m) => (m.repeated_pattern ?? 0) > 1 && m.passes_pattern > 0)
    }
    expect(repeated).toBe(true)
  })

  test('myzsk-api.md (5): each key sees only its own company’s machines', async () => {
    const a = (await machinesOf('demo-key-a')).map((m) => m.machine_id)
    const b = (await machinesOf('demo-key-b')).map((m) => m.machine_id)
    expect(b.length).toBeGreaterThan(0)
    expect(a.filter((id) => b.includes(id))).toEqual([])
  })

  test('the factory lives: codes change as minutes pass, and the same clock gives the same answer', async () => {
    const at = (ms: number) => createDemoUpstream({ now: () => ms, timeZone: 'Europe/Berlin' })
    const read = async (ms: number) =>
      (await (await at(ms).app.request('/machines', { headers: { 'X-API-Key': 'demo-key-a' } })).json())
        .data as VendorMachine[]
    const now = await read(FIXED_NOW)
    expect(await read(FIXED_NOW)).toEqual(now)
    const later = await read(FIXED_NOW + 20 * 60_000)
    const changed = now.filter(
      (m, i) => m.status_code !== later[i]!.status_code || m.stitch !== later[i]!.stitch,
    )
    expect(changed.length).toBeGreaterThan(5)
  })
})

describe('myzsk-api.md 1.2: GET /machines/{machineId}', () => {
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

describe('myzsk-api.md 1.3: GET /datacollectors', () => {
  test('every unit with its location, last report and machine count, adding up to the machines', async () => {
    const machines = await machinesOf()
    const { status, body } = await demo.get('/datacollectors')
    expect(status).toBe(200)
    for (const dc of body.data) {
      expect(vendorCollectorSchema.safeParse(dc).success).toBe(true)
      expect(Object.keys(dc).sort()).toEqual(keysOf(vendorCollectorSchema))
      expect(dc.machine_count).toBe(machines.filter((m) => m.id_datacollector === dc.id).length)
    }
    expect(body.data.reduce((s: number, dc: { machine_count: number }) => s + dc.machine_count, 0)).toBe(
      machines.length,
    )
  })
})

describe('production-api.md 2.3: GET /datacollectors/{id}/machines', () => {
  test('every machine of the company is on exactly one collector; rows have the fields of 2.3', async () => {
    const machines = await machinesOf()
    const collectors = [...new Set(machines.map((m) => m.id_datacollector))]
    const seen: string[] = []
    for (const id of collectors) {
      const { status, body } = await demo.get(`/datacollectors/${id}/machines`)
      expect(status).toBe(200)
      for (const row of body.data) {
        expect(vendorCollectorMachineSchema.safeParse(row).success).toBe(true)
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

  test('every endpoint needs the key', async () => {
    for (const path of [
      '/datacollectors/dc-n1/machines',
      '/machines',
      '/datacollectors',
      '/designs',
      '/work-periods',
    ])
      expect((await demo.get(path, null)).status, path).toBe(401)
  })
})

describe('myzsk-api.md 1.5: GET /designs, paged', () => {
  test('default page 1 of 100; more than one page; pages do not overlap and add up to total', async () => {
    const first = (await demo.get('/designs')).body as {
      data: unknown[]
      total: number
      page: number
      limit: number
    }
    expect(first).toMatchObject({ page: 1, limit: 100 })
    expect(first.total).toBeGreaterThan(100)
    expect(first.data).toHaveLength(100)
    const second = (await demo.get('/designs?page=2&limit=100')).body as typeof first
    expect(second.data).toHaveLength(first.total - 100)
    const ids = [...first.data, ...second.data].map((d) => (d as { id: string }).id)
    expect(new Set(ids).size).toBe(first.total)
    for (const d of first.data) {
      expect(vendorDesignSchema.safeParse(d).success).toBe(true)
      expect(Object.keys(d as object).sort()).toEqual(keysOf(vendorDesignSchema))
    }
    expect(((await demo.get('/designs?limit=1000')).body.data as unknown[]).length).toBe(first.total)
  })

  test.each(['limit=1001', 'limit=0', 'page=0', 'page=x'])('%s is a 400', async (query) => {
    expect((await demo.get(`/designs?${query}`)).status).toBe(400)
  })

  test('the designs machines sew are in the catalogue', async () => {
    const ids = new Set(
      ((await demo.get('/designs?limit=1000')).body.data as Array<{ id: string }>).map((d) => d.id),
    )
    for (const m of await machinesOf()) if (m.id_design) expect(ids.has(m.id_design)).toBe(true)
  })
})

describe('myzsk-api.md 1.6: GET /work-periods', () => {
  test('the company’s shifts with names and its time zone, no times', async () => {
    for (const key of ['demo-key-a', 'demo-key-b']) {
      const { status, body } = await demo.get('/work-periods', key)
      expect(status).toBe(200)
      expect(body.data.length).toBeGreaterThan(0)
      for (const w of body.data) {
        expect(vendorWorkPeriodSchema.safeParse(w).success).toBe(true)
        expect(Object.keys(w).sort()).toEqual(keysOf(vendorWorkPeriodSchema))
      }
    }
    expect(
      (await demo.get('/work-periods', 'demo-key-b')).body.data.map((w: { name: string }) => w.name),
    ).toEqual(['Early', 'Late'])
  })
})
