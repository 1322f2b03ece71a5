import { Hono } from 'hono'
import { parseReportQuery, REPORT_PATHS } from '../../src/api/contract/report-params'
import { DEFAULT_SHIFTS } from '../shifts'
import { DemoFactory, type DemoFactoryOptions, isoSeconds } from './demo-factory'
import type { DemoCompany } from './factory'
import { runReport, workPeriods } from './reports'
import { handleStitchJob } from './stitch-job'
import { demoCatalogue } from './thread-cones'

export const DEFAULT_DEMO_SEED = 20261122

export interface DemoUpstreamOptions extends Partial<DemoFactoryOptions> {}

type Env = { Variables: { company: DemoCompany } }

/** The demo upstream: the vendor's whole documented API (myzsk-api.md section 1, production-api.md 2.3,
 * 4.8 and 7) in exactly its documented shapes, over a generated factory.
 * GET paths are those of {base_url}; the job interface answers POST /StitchJob. */
export function createDemoUpstream(options: DemoUpstreamOptions = {}) {
  const factory = new DemoFactory({
    seed: options.seed ?? DEFAULT_DEMO_SEED,
    timeZone: options.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    shifts: options.shifts ?? DEFAULT_SHIFTS,
    now: options.now ?? Date.now,
    keptChunkBytes: options.keptChunkBytes,
  })
  const catalogue = demoCatalogue(factory.options.seed)
  const licences = factory.companies.map((c) => c.licence)
  const app = new Hono<Env>()

  app.notFound((c) => c.json({ error: `No such endpoint: ${c.req.method} ${c.req.path}` }, 404))
  app.onError((err, c) => {
    console.error('demo upstream failed', err)
    return c.json({ error: 'Internal error in the demo upstream' }, 500)
  })

  app.post('/StitchJob', async (c) => {
    const answer = handleStitchJob(catalogue, licences, await c.req.text())
    return c.body(answer.body, answer.status as 200, { 'Content-Type': answer.contentType })
  })

  // reference 5: every GET needs X-API-Key; data is scoped to the key's company
  app.use('*', async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      return c.json({ error: `Method ${c.req.method} is not allowed; this API is read-only` }, 405)
    }
    const key = c.req.header('X-API-Key')
    if (!key) return c.json({ error: 'Missing X-API-Key header' }, 401)
    const company = factory.companyByKey(key)
    if (!company) return c.json({ error: 'Invalid API key' }, 401)
    c.set('company', company)
    await next()
  })

  // not the vendor's: the demo factory's past states, for stitchboard's history of a demo start (issue 18).
  // The proxy never forwards it (not on its allow-list); the server's watcher asks for it once.
  app.get('/__demo/state-log', (c) => {
    const from = Number(c.req.query('from'))
    const till = Number(c.req.query('till'))
    if (!Number.isInteger(from) || !Number.isInteger(till) || from >= till || till - from > 31 * 86_400)
      return c.json({ error: 'from and till must be Unix seconds, from < till, at most 31 days apart' }, 400)
    const company = c.get('company')
    return c.json({
      data: company.machines.map((m) => ({
        machine_id: m.machine_id,
        spans: factory.stateLog(company, m, from, till),
      })),
    })
  })

  for (const path of REPORT_PATHS) {
    app.get(path, (c) => {
      const parsed = parseReportQuery(path, new URL(c.req.url).searchParams)
      if (!parsed.ok) return c.json({ error: parsed.error }, 400)
      return c.json({ data: runReport(factory, c.get('company'), path, parsed.query) })
    })
  }

  // myzsk-api.md 1.5: the design catalogue, paged (page ≥ 1, limit ≤ 1000, default 100), in catalogue order
  app.get('/designs', (c) => {
    const page = c.req.query('page') ?? '1'
    const limit = c.req.query('limit') ?? '100'
    if (!/^[1-9]\d{0,5}$/.test(page))
      return c.json({ error: 'Parameter page must be a whole number from 1' }, 400)
    if (!/^[1-9]\d{0,3}$/.test(limit) || Number(limit) > 1000)
      return c.json({ error: 'Parameter limit must be a whole number from 1 to 1000' }, 400)
    const { designs } = c.get('company')
    const first = (Number(page) - 1) * Number(limit)
    const data = designs.slice(first, first + Number(limit)).map((d) => ({
      id: d.id,
      name: d.name,
      stitches: d.stitches,
      date_inserted: isoSeconds(d.inserted),
    }))
    return c.json({ data, total: designs.length, page: Number(page), limit: Number(limit) })
  })

  // myzsk-api.md 1.6: the company's work periods (its shifts), names only
  app.get('/work-periods', (c) => {
    const company = c.get('company')
    return c.json({ data: workPeriods(factory, company).map(({ shift: _shift, ...period }) => period) })
  })

  // myzsk-api.md 1.3: the Poolbox units with the number of machines on each
  app.get('/datacollectors', (c) => {
    const company = c.get('company')
    const machines = company.machines.map((m) => ({ m, live: factory.liveMachine(company, m) }))
    const data = company.collectors.map((dc) => {
      const mine = machines.filter((x) => x.m.datacollector_id === dc.id)
      const lastSeen = Math.max(...mine.map((x) => Date.parse(x.live.last_seen)))
      return {
        id: dc.id,
        id_location: dc.location_id,
        last_seen: isoSeconds(Math.floor(lastSeen / 1000)),
        machine_count: mine.length,
      }
    })
    return c.json({ data })
  })

  app.get('/machines', (c) => {
    const company = c.get('company')
    return c.json({ data: company.machines.map((m) => factory.liveMachine(company, m)) })
  })

  app.get('/machines/:machineId', (c) => {
    const company = c.get('company')
    const machine = company.machines.find((m) => m.machine_id === c.req.param('machineId'))
    // a machine of another company is as unknown as one that does not exist
    if (!machine) return c.json({ error: `Machine not found: ${c.req.param('machineId')}` }, 404)
    return c.json({ data: factory.liveMachine(company, machine) })
  })

  app.get('/datacollectors/:id/machines', (c) => {
    const company = c.get('company')
    const id = c.req.param('id')
    if (!company.collectors.some((dc) => dc.id === id)) {
      return c.json({ error: `Collector unit not found: ${id}` }, 404)
    }
    // production-api.md 2.3 (no vendor page found for it: myzsk-api.md 1.4)
    const data = company.machines
      .filter((m) => m.datacollector_id === id)
      .map((m) => ({
        machine_id: m.machine_id,
        machine_name: m.machine_name,
        location_name: m.location_name,
        heads: m.heads,
        needles: m.needles,
        first_seen: isoSeconds(m.firstSeen),
        last_seen: factory.liveMachine(company, m).last_seen,
      }))
    return c.json({ data })
  })

  return { app, factory, catalogue }
}
