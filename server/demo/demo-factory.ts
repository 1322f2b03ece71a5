import type { VendorMachine } from '../../src/api/contract/machine'
import { DEMO_CODE_OF } from '../../src/lib/status-codes'
import { type DemoCompany, type DemoMachine, demoCompanies } from './factory'
import { type Chunk, chunkDayAt, generateChunk, type LogSettings, type Segment } from './machine-log'
import { hash } from './random'

/** [start, end, code, turning, design ID, reporting] (Unix seconds). */
export type DemoStateSpan = [number, number, number | null, boolean, string | null, boolean]

/** Days of history the demo keeps behind "now" (the issue asks for at least 90). */
export const HISTORY_DAYS = 120

export interface DemoFactoryOptions extends LogSettings {
  /** Unix milliseconds, injectable so tests and benches can freeze or speed up time */
  now: () => number
  /** bytes of generated chunks kept (KEPT_CHUNK_BYTES unless a test wants them let go sooner) */
  keptChunkBytes?: number
}

export const isoSeconds = (seconds: number) => new Date(seconds * 1000).toISOString().replace('.000Z', 'Z')

/** At most this much of generated chunks is kept (packed: ~2.1 KB a machine-day). Generation is pure, so
 * a chunk let go is generated again, the same, when asked for: at ~0.1 ms each, a 31-day report of 44
 * machines generates for ~0.15 s when nothing of it is kept. 72 MiB keeps the 120 days of all three
 * companies (258 machines, ~63 MiB); `npm start` asks for one company (44 machines of company A: ~11 MiB). */
export const KEPT_CHUNK_BYTES = 72 * 2 ** 20

/** The generated, living factory: companies, their machines and their logs up to now. */
export class DemoFactory {
  readonly companies: DemoCompany[]
  /** the chunks generated, least recently read first (`machine ID day` keys) */
  private readonly cache = new Map<string, Chunk>()
  private cachedBytes = 0

  constructor(readonly options: DemoFactoryOptions) {
    this.companies = demoCompanies(options.seed)
  }

  nowSeconds(): number {
    return Math.floor(this.options.now() / 1000)
  }

  companyByKey(apiKey: string | undefined): DemoCompany | undefined {
    return this.companies.find((c) => c.apiKey === apiKey)
  }

  /** First second of the kept history. */
  historyStart(): number {
    return this.nowSeconds() - HISTORY_DAYS * 86_400
  }

  private chunk(company: DemoCompany, machine: DemoMachine, day: number): Chunk {
    const key = `${machine.machine_id} ${day}`
    let chunk = this.cache.get(key)
    if (chunk) {
      // most recently read last: the map's first entries are the ones to let go
      this.cache.delete(key)
      this.cache.set(key, chunk)
      return chunk
    }
    chunk = generateChunk(this.options, company, machine, day)
    this.cache.set(key, chunk)
    this.cachedBytes += chunk.bytes
    // the least recently read go first: days that fell out of the history are never read again (a server
    // runs for weeks)
    for (const [oldKey, old] of this.cache) {
      if (this.cachedBytes <= (this.options.keptChunkBytes ?? KEPT_CHUNK_BYTES)) break
      this.cache.delete(oldKey)
      this.cachedBytes -= old.bytes
    }
    return chunk
  }

  /** Generates the history of the company behind `apiKey` (the one the server asks with), newest day
   * first, a day of all its machines at a time between other work: a cold 31-day report otherwise pays
   * for generating it. Other companies are generated when asked for. */
  warmUp(apiKey: string): void {
    const company = this.companyByKey(apiKey)
    if (!company) return
    let day = this.nowSeconds()
    const oldest = this.historyStart()
    const step = () => {
      if (day <= oldest) return
      const from = Math.max(oldest, day - 86_400)
      for (const machine of company.machines) this.chunks(company, machine, from, day)
      day = from
      setTimeout(step, 0)
    }
    setTimeout(step, 0)
  }

  /** The chunks of `machine` overlapping [from, till), limited to the history and to now. */
  chunks(company: DemoCompany, machine: DemoMachine, from: number, till: number): Chunk[] {
    const start = Math.max(from, this.historyStart())
    const end = Math.min(till, this.nowSeconds())
    if (end <= start) return []
    const result: Chunk[] = []
    const last = chunkDayAt(this.options, machine, end - 1)
    for (let day = chunkDayAt(this.options, machine, start); day <= last; day++) {
      result.push(this.chunk(company, machine, day))
    }
    return result
  }

  /** What the machine did during [from, till) as the vendor's API would have shown it, poll by poll:
   * [start, end, code, turning, design ID, reporting] in Unix seconds, equal neighbours merged. A silent
   * stretch keeps the last code and design it reported. For stitchboard's history of a demo start
   * (issue 18: the demo factory can tell its state at any past instant). */
  stateLog(company: DemoCompany, machine: DemoMachine, from: number, till: number): DemoStateSpan[] {
    const spans: DemoStateSpan[] = []
    let said: { code: number | null; design: string | null } = { code: null, design: null }
    for (const chunk of this.chunks(company, machine, from, till)) {
      const runs = chunk.runs // read once: a chunk hands out new objects on each read
      for (const s of chunk.segments) {
        const start = Math.max(s.start, from)
        const end = Math.min(s.end, till, this.nowSeconds())
        if (end <= start) continue
        const offline = s.status === 'offline'
        if (s.status !== 'offline') {
          const run = s.run >= 0 ? runs[s.run] : undefined
          const loaded = run && s.status !== 'idle' ? company.designs[run.design] : undefined
          said = { code: DEMO_CODE_OF[s.status], design: loaded ? loaded.id : null }
        }
        const span: DemoStateSpan = [start, end, said.code, s.status === 'running', said.design, !offline]
        const last = spans[spans.length - 1]
        if (last && last[1] === start && last.slice(2).every((v, i) => v === span[i + 2])) last[1] = end
        else spans.push(span)
      }
    }
    return spans
  }

  /** The machine record of GET /machines at this moment, exactly in the vendor's documented shape
   * (myzsk-api.md 1.1/1.2): a status code, no status text, no "since", no operator, no design name. */
  liveMachine(company: DemoCompany, machine: DemoMachine): VendorMachine {
    const now = this.nowSeconds()
    const day = chunkDayAt(this.options, machine, now)
    const chunk = this.chunk(company, machine, day)
    const segments = chunk.segments // read once: a chunk hands out new objects on each read
    const index = segments.findIndex((s) => s.end > now)
    const current = segments[index] ?? segments[segments.length - 1]!
    const offline = current.status === 'offline'
    // a silent machine's record keeps what it last said
    const said = offline ? (segments[index - 1] ?? current) : current
    const run = said.run >= 0 ? chunk.runs[said.run] : undefined
    const loaded = run && said.status !== 'idle' && said.status !== 'offline' ? run : undefined
    const design = loaded ? company.designs[loaded.design]! : undefined
    const until = offline ? current.start : now
    let stitch = 0
    if (loaded && design) {
      if (said.status === 'completed') stitch = design.stitches
      else {
        const done = segments
          .filter((s) => s.run === said.run && s.status === 'running' && s.start < until)
          .reduce((sum, s) => sum + stitchesIn(s, s.start, Math.min(s.end, until)), 0)
        stitch = Math.min(done, design.stitches)
      }
    }
    const passesDone = loaded ? loaded.pass - (said.status === 'completed' ? 0 : 1) : 0
    const remainingStitches =
      loaded && design ? design.stitches - stitch + (loaded.repeats - loaded.pass) * design.stitches : 0
    const sewing = current.status === 'running'
    return {
      machine_id: machine.machine_id,
      alias: machine.machine_name,
      id_location: machine.location_id,
      id_datacollector: machine.datacollector_id,
      order: machine.order,
      heads: machine.heads,
      active_heads: machine.activeHeads,
      active_needle: loaded
        ? 1 + (hash(this.options.seed, machine.machine_id, Math.floor(now / 240)) % machine.needles)
        : null,
      needles: machine.needles,
      hide_machine: false,
      first_seen: isoSeconds(machine.firstSeen),
      last_seen: isoSeconds(offline ? current.start : now - (now % 7)),
      rpm: machine.maxRpm,
      rotation_speed: sewing ? current.rpm : 0,
      repeated_pattern: loaded ? loaded.repeats : null,
      passes_pattern: passesDone,
      id_design: design ? design.id : null,
      design_stitches: design ? design.stitches : null,
      stitch,
      status_code: said.status === 'offline' ? null : DEMO_CODE_OF[said.status],
      pattern_stitchcounter: loaded ? stitch : null,
      pattern_stitchnumber: loaded ? stitch : null,
      // the vendor's estimate: remaining stitches of all passes at the configured speed, in seconds
      estimate_time_remaining: loaded ? Math.round((remainingStitches / machine.maxRpm) * 60) : null,
    }
  }
}

/** Stitches sewn by a running segment during [from, till) (the MIN log's stitch count). */
export function stitchesIn(segment: Segment, from: number, till: number): number {
  if (segment.status !== 'running' || till <= from) return 0
  return Math.round((segment.rpm * (till - from)) / 60)
}
