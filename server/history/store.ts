// One piece: the history store is one writer's state (the open intervals in memory and their rows) and
// the reads over the same tables; split, both halves would share that state.

import { GAP_REASONS } from '../../src/lib/timeline'
import { type Db, iso, ms, type Tx } from './db'
import { countUse } from './machine-use'
import { timelineJsonFromCopy, timelineSelect } from './timeline-json'

/** One machine as one poll of /machines saw it (stitchboard's words, not the vendor's fields). */
export interface Observation {
  machineId: string
  code: number | null
  /** live speed above 0: running whatever the code says */
  turning: boolean
  /** false: its last report is older than the silence limit */
  reporting: boolean
  /** Unix ms of its last report (where silence began), null when never */
  lastSeen: number | null
  designId: string | null
  passes: number | null
  /** the stitch position in the design, its stitches and the live speed (stitches a minute), when known:
   * what machine-use.ts counts the stitches from */
  stitch?: number | null
  designStitches?: number | null
  speed?: number | null
}

/** An interval still open: what the machine has been doing since `startedAt` (Unix ms). */
export interface OpenInterval {
  id: number
  machineId: string
  code: number | null
  turning: boolean
  reporting: boolean
  designId: string | null
  startedAt: number
  seenSince: boolean
}

interface OpenRun {
  id: number
  designId: string
  passes: number | null
}

/** A closed or open interval of a machine as read back (Unix ms; `endedAt` null while open). */
export interface StateInterval {
  code: number | null
  turning: boolean
  reporting: boolean
  designId: string | null
  startedAt: number
  endedAt: number | null
  seenSince: boolean
}

export interface Gap {
  startedAt: number
  endedAt: number
  reason: string
}

export interface WatcherRow {
  recordingSince: number | null
  lastOkAt: number | null
  lastFailureAt: number | null
  lastFailure: string | null
  leader: string | null
  leaseUntil: number | null
  prunedAt: number | null
  backfilledUntil: number | null
}

export { iso, ms } from './db'

/** What changed between two polls of one machine: a new interval starts when any of these differ. */
const sameState = (a: Pick<OpenInterval, 'code' | 'turning' | 'reporting' | 'designId'>, b: Observation) =>
  a.code === b.code && a.turning === b.turning && a.reporting === b.reporting && a.designId === b.designId

export interface PollResult {
  /** machines whose state interval changed on this poll */
  changed: string[]
  /** a gap recorded before this poll (stitchboard not recording, or the portal not answering) */
  gap: Gap | null
}

/**
 * The machine history in PostgreSQL. One writer at a time (the instance holding the watcher's lease)
 * keeps the open intervals in memory and writes only changes: a poll where nothing changed is one
 * update of one row (`watcher.last_ok_at`, up to which every open interval holds).
 */
export class HistoryStore {
  private open = new Map<string, OpenInterval>()
  private runs = new Map<string, OpenRun>()
  private loaded = false
  /** whether the schema counts the machines' use (migration 14; a test's database of an older schema does not) */
  private countsUse = true

  constructor(
    readonly db: Db,
    /** the longest time between two good polls before the time between them is a gap (ms) */
    readonly maxGapMs: number,
  ) {}

  async watcher(): Promise<WatcherRow> {
    const [row] = await this.db.query<Record<string, unknown>>('select * from watcher where id = 1')
    return {
      recordingSince: ms(row?.recording_since),
      lastOkAt: ms(row?.last_ok_at),
      lastFailureAt: ms(row?.last_failure_at),
      lastFailure: (row?.last_failure as string | null) ?? null,
      leader: (row?.leader as string | null) ?? null,
      leaseUntil: ms(row?.lease_until),
      prunedAt: ms(row?.pruned_at),
      backfilledUntil: ms(row?.backfilled_until),
    }
  }

  /** Reads the open intervals and design runs (on becoming the writer). */
  async load(): Promise<void> {
    const intervals = await this.db.query<Record<string, unknown>>(
      'select * from state_intervals where ended_at is null',
    )
    this.open = new Map(intervals.map((r) => [String(r.machine_id), intervalOf(r)]))
    const runs = await this.db.query<Record<string, unknown>>(
      'select * from design_runs where ended_at is null',
    )
    this.runs = new Map(
      runs.map((r) => [
        String(r.machine_id),
        {
          id: Number(r.id),
          designId: String(r.design_id),
          passes: r.passes === null ? null : Number(r.passes),
        },
      ]),
    )
    const [use] = await this.db.query<{ t: string | null }>(
      "select to_regclass('public.machine_use')::text as t",
    )
    this.countsUse = (use?.t ?? null) !== null
    this.loaded = true
  }

  /** Records one good poll at `at` (Unix ms) in one transaction. */
  async recordPoll(at: number, machines: readonly Observation[]): Promise<PollResult> {
    if (!this.loaded) await this.load()
    return this.db.transaction(async (tx) => {
      const [row] = await tx.query<Record<string, unknown>>(
        'select recording_since, last_ok_at, last_failure_at from watcher where id = 1 for update',
      )
      const lastOk = ms(row?.last_ok_at)
      const lastFailure = ms(row?.last_failure_at)
      let gap: Gap | null = null
      // a clock that jumped back: the poll is recorded at the last good poll, never before it
      const now = lastOk !== null && at < lastOk ? lastOk : at
      if (lastOk !== null && now - lastOk > this.maxGapMs) {
        gap = {
          startedAt: lastOk,
          endedAt: now,
          reason:
            lastFailure !== null && lastFailure > lastOk
              ? GAP_REASONS.portalSilent
              : GAP_REASONS.notRecording,
        }
        await this.closeAll(tx, lastOk)
        await tx.query('insert into gaps (started_at, ended_at, reason) values ($1, $2, $3)', [
          iso(gap.startedAt),
          iso(gap.endedAt),
          gap.reason,
        ])
      }
      // after a gap or at the first poll, every state began before stitchboard saw it
      const unseen = lastOk === null || gap !== null
      // after a gap nothing may start inside it: what was closed ended at the last good poll
      const floor = gap && lastOk !== null ? lastOk : Number.NEGATIVE_INFINITY
      const changed = await this.applyObservations(tx, now, machines, unseen, floor)
      if (this.countsUse) await countUse(tx, now, lastOk, gap !== null, machines)
      await tx.query(
        'update watcher set last_ok_at = $1, recording_since = coalesce(recording_since, $1) where id = 1',
        [iso(now)],
      )
      return { changed, gap }
    })
  }

  /** Notes a poll that failed: the open intervals stay as they were (the gap is decided by the next good poll). */
  async recordFailure(at: number, message: string): Promise<void> {
    await this.db.query('update watcher set last_failure_at = $1, last_failure = $2 where id = 1', [
      iso(at),
      message.slice(0, 500),
    ])
  }

  private async closeAll(tx: Tx, at: number) {
    await tx.query('update state_intervals set ended_at = greatest(started_at, $1) where ended_at is null', [
      iso(at),
    ])
    await tx.query('update design_runs set ended_at = greatest(started_at, $1) where ended_at is null', [
      iso(at),
    ])
    this.open.clear()
    this.runs.clear()
  }

  private async applyObservations(
    tx: Tx,
    at: number,
    machines: readonly Observation[],
    unseen: boolean,
    floor: number,
  ) {
    const close: { id: number; at: number }[] = []
    const start: Array<{ o: Observation; at: number; seenSince: boolean }> = []
    const seen = new Set<string>()
    for (const o of machines) {
      seen.add(o.machineId)
      const open = this.open.get(o.machineId)
      if (open && sameState(open, o)) continue
      // silence began at the last report, not at the poll that noticed it (never before what is recorded)
      const silentSince = !o.reporting && o.lastSeen !== null ? Math.max(o.lastSeen, floor) : at
      const from = open ? Math.min(at, Math.max(open.startedAt, silentSince)) : Math.min(at, silentSince)
      if (open) close.push({ id: open.id, at: from })
      // a machine without an open interval (the first poll, after a gap, newly listed) was in its state
      // before stitchboard saw it, unless its silence shows when that began
      start.push({ o, at: from, seenSince: !open && (from === at || (o.lastSeen ?? at) < floor) })
    }
    // machines no longer listed (hidden in the portal): their interval ends
    for (const [id, open] of this.open) {
      if (seen.has(id)) continue
      close.push({ id: open.id, at })
      this.open.delete(id)
    }
    if (close.length > 0) {
      await tx.query(
        `update state_intervals s set ended_at = greatest(s.started_at, c.at)
         from unnest($1::bigint[], $2::timestamptz[]) as c(id, at) where s.id = c.id`,
        [close.map((c) => c.id), close.map((c) => iso(c.at))],
      )
    }
    if (start.length > 0) {
      const rows = await tx.query<{ id: string; machine_id: string }>(
        `insert into state_intervals (machine_id, code, turning, reporting, design_id, started_at, seen_since)
         select * from unnest($1::text[], $2::int[], $3::boolean[], $4::boolean[], $5::text[], $6::timestamptz[], $7::boolean[])
         returning id, machine_id`,
        [
          start.map((s) => s.o.machineId),
          start.map((s) => s.o.code),
          start.map((s) => s.o.turning),
          start.map((s) => s.o.reporting),
          start.map((s) => s.o.designId),
          start.map((s) => iso(s.at)),
          start.map((s) => s.seenSince),
        ],
      )
      const ids = new Map(rows.map((r) => [r.machine_id, Number(r.id)]))
      for (const s of start) {
        this.open.set(s.o.machineId, {
          id: ids.get(s.o.machineId)!,
          machineId: s.o.machineId,
          code: s.o.code,
          turning: s.o.turning,
          reporting: s.o.reporting,
          designId: s.o.designId,
          startedAt: s.at,
          seenSince: s.seenSince,
        })
      }
    }
    await this.applyRuns(tx, at, machines, unseen)
    return start.map((s) => s.o.machineId)
  }

  /** Design runs: a run lasts while the machine has the same design loaded; passes follow the record. */
  private async applyRuns(tx: Tx, at: number, machines: readonly Observation[], unseen: boolean) {
    for (const o of machines) {
      if (!o.reporting) continue
      const run = this.runs.get(o.machineId)
      if (run && run.designId === o.designId) {
        if (o.passes !== null && o.passes !== run.passes) {
          await tx.query('update design_runs set passes = $1 where id = $2', [o.passes, run.id])
          run.passes = o.passes
        }
        continue
      }
      if (run) {
        await tx.query('update design_runs set ended_at = greatest(started_at, $1) where id = $2', [
          iso(at),
          run.id,
        ])
        this.runs.delete(o.machineId)
      }
      if (o.designId !== null) {
        const [row] = await tx.query<{ id: string }>(
          `insert into design_runs (machine_id, design_id, passes, started_at, seen_since)
           values ($1, $2, $3, $4, $5) returning id`,
          [o.machineId, o.designId, o.passes, iso(at), !run && unseen],
        )
        this.runs.set(o.machineId, { id: Number(row!.id), designId: o.designId, passes: o.passes })
      }
    }
  }

  /** The open intervals as the writer keeps them (no database read; after a poll). */
  openIntervals(): OpenInterval[] {
    return [...this.open.values()]
  }

  /** The open intervals: what every machine does now and since when. */
  async current(): Promise<OpenInterval[]> {
    const rows = await this.db.query<Record<string, unknown>>(
      'select * from state_intervals where ended_at is null',
    )
    return rows.map(intervalOf)
  }

  /** One machine's intervals overlapping [from, till) (Unix ms), in time order. */
  async machineIntervals(machineId: string, from: number, till: number): Promise<StateInterval[]> {
    const rows = await this.db.query<Record<string, unknown>>(
      `select code, turning, reporting, design_id, started_at, ended_at, seen_since from state_intervals
       where machine_id = $1 and started_at < $3 and (ended_at is null or ended_at > $2)
       order by started_at`,
      [machineId, iso(from), iso(till)],
    )
    return rows.map(readInterval)
  }

  /** Every machine's intervals overlapping [from, till), grouped by machine, in time order; compact for
   * the factory timeline (1,000 machines × a day). */
  async factoryIntervals(from: number, till: number): Promise<Map<string, StateInterval[]>> {
    const rows = await this.db.query<Record<string, unknown>>(
      `select machine_id, code, turning, reporting, design_id, started_at, ended_at, seen_since from state_intervals
       where started_at < $2 and (ended_at is null or ended_at > $1)
       order by machine_id, started_at`,
      [iso(from), iso(till)],
    )
    const byMachine = new Map<string, StateInterval[]>()
    for (const r of rows) {
      const id = String(r.machine_id)
      const list = byMachine.get(id)
      if (list) list.push(readInterval(r))
      else byMachine.set(id, [readInterval(r)])
    }
    return byMachine
  }

  /** The factory timeline's rows as JSON bytes, `{"<machine>": [[start, end, code, turning, reporting,
   * design, seenSince], …], …}` (Unix ms), for 1,000 machines × a day: a binary COPY of the intervals
   * overlapping the range, written as JSON without a JavaScript object a row (timeline-json.ts). */
  async factoryTimeline(from: number, till: number): Promise<Uint8Array> {
    return timelineJsonFromCopy(await this.db.copyOut(timelineSelect(from, till)))
  }

  /** The same as text. */
  async factoryTimelineJson(from: number, till: number): Promise<string> {
    return new TextDecoder().decode(await this.factoryTimeline(from, till))
  }

  async gaps(from: number, till: number): Promise<Gap[]> {
    const rows = await this.db.query<Record<string, unknown>>(
      'select started_at, ended_at, reason from gaps where started_at < $2 and ended_at > $1 order by started_at',
      [iso(from), iso(till)],
    )
    return rows.map((r) => ({
      startedAt: ms(r.started_at)!,
      endedAt: ms(r.ended_at)!,
      reason: String(r.reason),
    }))
  }

  /** Deletes what ended before `before` (Unix ms); returns the rows removed. */
  async prune(before: number, at: number): Promise<number> {
    return this.db.transaction(async (tx) => {
      const a = await tx.query('delete from state_intervals where ended_at < $1 returning 1', [iso(before)])
      const b = await tx.query('delete from design_runs where ended_at < $1 returning 1', [iso(before)])
      const c = await tx.query('delete from gaps where ended_at < $1 returning 1', [iso(before)])
      await tx.query(
        'update watcher set pruned_at = $1, recording_since = greatest(recording_since, $2) where id = 1',
        [iso(at), iso(before)],
      )
      return a.length + b.length + c.length
    })
  }

  /** Fills the history with a known past (the demo factory's), when nothing was recorded yet: closed
   * intervals, and the last of each machine left open if it reaches `until`. */
  async backfill(
    from: number,
    until: number,
    machines: ReadonlyArray<{ machineId: string; spans: ReadonlyArray<BackfillSpan> }>,
  ): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.query<Record<string, unknown>>(
        'select last_ok_at from watcher where id = 1 for update',
      )
      if (ms(row?.last_ok_at) !== null) return false
      const columns: unknown[][] = [[], [], [], [], [], [], [], []]
      for (const { machineId, spans } of machines) {
        spans.forEach((s, i) => {
          const last = i === spans.length - 1 && s.endedAt >= until
          const values = [machineId, s.code, s.turning, s.reporting, s.designId, iso(s.startedAt)]
          values.push(last ? null : iso(s.endedAt), i === 0 && s.startedAt <= from)
          for (const [c, v] of values.entries()) columns[c]!.push(v)
        })
      }
      for (let offset = 0; offset < columns[0]!.length; offset += 20_000) {
        await tx.query(
          `insert into state_intervals (machine_id, code, turning, reporting, design_id, started_at, ended_at, seen_since)
           select * from unnest($1::text[], $2::int[], $3::boolean[], $4::boolean[], $5::text[], $6::timestamptz[],
             $7::timestamptz[], $8::boolean[])`,
          columns.map((c) => c.slice(offset, offset + 20_000)),
        )
      }
      await tx.query(
        'update watcher set recording_since = $1, last_ok_at = $2, backfilled_until = $2 where id = 1',
        [iso(from), iso(until)],
      )
      this.loaded = false
      return true
    })
  }
}

export interface BackfillSpan {
  startedAt: number
  endedAt: number
  code: number | null
  turning: boolean
  designId: string | null
  reporting: boolean
}

function intervalOf(r: Record<string, unknown>): OpenInterval {
  return {
    id: Number(r.id),
    machineId: String(r.machine_id),
    code: r.code === null ? null : Number(r.code),
    turning: Boolean(r.turning),
    reporting: Boolean(r.reporting),
    designId: (r.design_id as string | null) ?? null,
    startedAt: ms(r.started_at)!,
    seenSince: Boolean(r.seen_since),
  }
}

function readInterval(r: Record<string, unknown>): StateInterval {
  return {
    code: r.code === null ? null : Number(r.code),
    turning: Boolean(r.turning),
    reporting: Boolean(r.reporting),
    designId: (r.design_id as string | null) ?? null,
    startedAt: ms(r.started_at)!,
    endedAt: ms(r.ended_at),
    seenSince: Boolean(r.seen_since),
  }
}
