import type { Machine } from '../../src/api/contract/machine'
import { type DemoCompany, type DemoMachine, demoCompanies } from './factory'
import { type Chunk, chunkDayAt, generateChunk, type LogSettings, type Segment } from './machine-log'

/** Days of history the demo keeps behind "now" (the issue asks for at least 90). */
export const HISTORY_DAYS = 120

export interface DemoFactoryOptions extends LogSettings {
  /** Unix milliseconds, injectable so tests and benches can freeze or speed up time */
  now: () => number
}

export const isoSeconds = (seconds: number) => new Date(seconds * 1000).toISOString().replace('.000Z', 'Z')

/** The generated, living factory: companies, their machines and their logs up to now. */
export class DemoFactory {
  readonly companies: DemoCompany[]
  private readonly cache = new Map<string, Map<number, Chunk>>()

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
    let days = this.cache.get(machine.machine_id)
    if (!days) {
      days = new Map()
      this.cache.set(machine.machine_id, days)
    }
    let chunk = days.get(day)
    if (!chunk) {
      chunk = generateChunk(this.options, company, machine, day)
      days.set(day, chunk)
      const oldest = Math.floor(this.historyStart() / 86_400) - 2
      for (const d of days.keys()) if (d < oldest) days.delete(d) // a server runs for weeks
    }
    return chunk
  }

  /** Generates the whole history in small slices between other work (a cold 31-day report otherwise
   * pays for generating it). */
  warmUp(): void {
    const jobs = this.companies.flatMap((company) =>
      company.machines.map((machine) => ({ company, machine })),
    )
    const step = () => {
      const job = jobs.shift()
      if (!job) return
      this.chunks(job.company, job.machine, this.historyStart(), this.nowSeconds())
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

  /** The machine record of GET /machines at this moment (shape assumed in ARCHITECTURE.md). */
  liveMachine(company: DemoCompany, machine: DemoMachine): Machine {
    const now = this.nowSeconds()
    const day = chunkDayAt(this.options, machine, now)
    const chunk = this.chunk(company, machine, day)
    const segments = chunk.segments // read once: a kept chunk hands out new objects on each read
    const index = segments.findIndex((s) => s.end > now)
    const current = segments[index] ?? segments[segments.length - 1]!
    const since = this.statusSince(company, machine, day, index)
    const runIndex = current.run
    const run = runIndex >= 0 ? chunk.runs[runIndex] : undefined
    let design: Machine['design'] = null
    let remaining: number | null = null
    if (run && current.status !== 'idle' && current.status !== 'offline') {
      const total = company.designs[run.design]!.stitches
      const done = segments
        .filter((s) => s.run === runIndex && s.status === 'running' && s.start < now)
        .reduce((sum, s) => sum + stitchesIn(s, s.start, Math.min(s.end, now)), 0)
      const rpm = segments.find((s) => s.run === runIndex && s.rpm > 0)?.rpm ?? machine.maxRpm
      const stitchesDone = Math.min(done, total)
      design = { name: company.designs[run.design]!.name, stitches_total: total, stitches_done: stitchesDone }
      remaining = Math.round(((total - stitchesDone) / rpm) * 60)
    }
    const offline = current.status === 'offline'
    return {
      machine_id: machine.machine_id,
      machine_name: machine.machine_name,
      location_id: machine.location_id,
      location_name: machine.location_name,
      datacollector_id: machine.datacollector_id,
      heads: machine.heads,
      needles: machine.needles,
      status: current.status,
      status_since: isoSeconds(since),
      design,
      rpm: current.status === 'running' ? current.rpm : 0,
      remaining_seconds: remaining,
      operator: current.operator >= 0 ? company.operators[current.operator]! : null,
      last_seen: isoSeconds(offline ? current.start : now - (now % 7)),
    }
  }

  /** When the current status began, looking back over earlier chunks (at most a week). */
  private statusSince(company: DemoCompany, machine: DemoMachine, day: number, index: number): number {
    let chunk = this.chunk(company, machine, day)
    let segments = chunk.segments // read once: a kept chunk hands out new objects on each read
    const status = segments[index]?.status
    let since = segments[index]?.start ?? chunk.start
    for (let d = day, i = index - 1; d > day - 7; ) {
      const previous: Segment | undefined = segments[i]
      if (!previous) {
        d--
        chunk = this.chunk(company, machine, d)
        segments = chunk.segments
        i = segments.length - 1
        continue
      }
      if (previous.status !== status) break
      since = previous.start
      i--
    }
    return since
  }
}

/** Stitches sewn by a running segment during [from, till) (the MIN log's stitch count). */
export function stitchesIn(segment: Segment, from: number, till: number): number {
  if (segment.status !== 'running' || till <= from) return 0
  return Math.round((segment.rpm * (till - from)) / 60)
}
