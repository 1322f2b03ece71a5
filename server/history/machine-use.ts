import { type Db, iso, ms, type Tx } from './db'

/** What a poll saw of a machine, as far as its use is counted from it (./store.ts's Observation). */
export interface UseObservation {
  machineId: string
  turning: boolean
  reporting: boolean
  lastSeen: number | null
  designId: string | null
  passes: number | null
  stitch?: number | null
  designStitches?: number | null
  speed?: number | null
}

/** A machine's use as stitchboard counted it, summed from `countedSince` (Unix ms) to `countedUntil`. */
export interface MachineUse {
  machineId: string
  /** milliseconds it was turning and reporting: the sum of its turning, reporting intervals */
  runningMs: number
  stitches: number
  /** milliseconds nobody recorded (a gap, the machine not listed): its use then is unknown */
  unrecordedMs: number
  countedSince: number
  countedUntil: number
}

/** The fastest an embroidery machine sews (stitches a minute): a jump in the stitch position beyond it
 * between two polls is not believed (a design reloaded, a counter reset), and the speed counts instead. */
const MAX_STITCHES_A_MINUTE = 2000

interface UseRow extends MachineUse {
  lastTurning: boolean
  lastReporting: boolean
  lastDesign: string | null
  lastPasses: number | null
  lastStitch: number | null
  lastDesignStitches: number | null
  lastSpeed: number | null
}

const num = (value: unknown) => (value === null || value === undefined ? null : Number(value))

function rowOf(r: Record<string, unknown>): UseRow {
  return {
    machineId: String(r.machine_id),
    runningMs: Number(r.running_ms),
    stitches: Number(r.stitches),
    unrecordedMs: Number(r.unrecorded_ms),
    countedSince: ms(r.counted_since)!,
    countedUntil: ms(r.counted_until)!,
    lastTurning: Boolean(r.last_turning),
    lastReporting: Boolean(r.last_reporting),
    lastDesign: (r.last_design as string | null) ?? null,
    lastPasses: num(r.last_passes),
    lastStitch: num(r.last_stitch),
    lastDesignStitches: num(r.last_design_stitches),
    lastSpeed: num(r.last_speed),
  }
}

/** Stitches sewn between two polls `spanMs` apart: from the stitch position and the passes when the design
 * stayed, from the new design's position when it changed, else from the speed; 0 when it did not turn. */
export function stitchesBetween(
  before: Pick<
    UseRow,
    'lastTurning' | 'lastDesign' | 'lastPasses' | 'lastStitch' | 'lastDesignStitches' | 'lastSpeed'
  >,
  after: UseObservation,
  spanMs: number,
): number {
  const most = (MAX_STITCHES_A_MINUTE * spanMs) / 60_000
  const stitch = after.stitch ?? null
  if (stitch !== null && before.lastStitch !== null && after.designId !== null) {
    if (after.designId === before.lastDesign) {
      const passes = (after.passes ?? 0) - (before.lastPasses ?? 0)
      const size = after.designStitches ?? before.lastDesignStitches
      const sewn =
        passes === 0
          ? stitch - before.lastStitch
          : size === null
            ? -1
            : passes * size + stitch - before.lastStitch
      if (sewn >= 0 && sewn <= most) return sewn
    } else if (stitch >= 0 && stitch <= most) return stitch
  }
  if (!before.lastTurning) return 0
  return Math.round(((before.lastSpeed ?? 0) * spanMs) / 60_000)
}

/**
 * Counts one recorded poll into every listed machine's use, in the poll's transaction (server/history/store.ts):
 * the time since the machine's last counted poll is running time when it was turning and reporting then, and
 * it is unrecorded when that poll was not the last good one (`lastOk`) or a gap lies between. A machine that
 * fell silent stops running where its silence began, as its interval does.
 */
export async function countUse(
  tx: Tx,
  at: number,
  lastOk: number | null,
  gap: boolean,
  machines: readonly UseObservation[],
): Promise<void> {
  if (machines.length === 0) return
  const ids = machines.map((m) => m.machineId)
  const rows = await tx.query<Record<string, unknown>>(
    'select * from machine_use where machine_id = any($1::text[]) for update',
    [ids],
  )
  const before = new Map(rows.map((r) => [String(r.machine_id), rowOf(r)]))
  const next: UseRow[] = []
  for (const o of machines) {
    const row = before.get(o.machineId)
    const last = {
      lastTurning: o.turning,
      lastReporting: o.reporting,
      lastDesign: o.designId,
      lastPasses: o.passes,
      lastStitch: o.stitch ?? null,
      lastDesignStitches: o.designStitches ?? null,
      lastSpeed: o.speed ?? null,
    }
    if (!row) {
      next.push({
        machineId: o.machineId,
        runningMs: 0,
        stitches: 0,
        unrecordedMs: 0,
        countedSince: at,
        countedUntil: at,
        ...last,
      })
      continue
    }
    const span = Math.max(0, at - row.countedUntil)
    const recorded = !gap && lastOk !== null && row.countedUntil === lastOk
    let runningMs = row.runningMs
    let stitches = row.stitches
    let unrecordedMs = row.unrecordedMs
    if (!recorded) unrecordedMs += span
    else {
      if (row.lastTurning && row.lastReporting) {
        const end = o.reporting
          ? at
          : Math.min(at, Math.max(row.countedUntil, o.lastSeen ?? row.countedUntil))
        runningMs += end - row.countedUntil
      }
      if (o.reporting) stitches += stitchesBetween(row, o, span)
    }
    next.push({
      ...row,
      runningMs,
      stitches,
      unrecordedMs,
      countedUntil: Math.max(at, row.countedUntil),
      ...last,
    })
  }
  await tx.query(
    `insert into machine_use (machine_id, running_ms, stitches, unrecorded_ms, counted_since, counted_until,
       last_turning, last_reporting, last_design, last_passes, last_stitch, last_design_stitches, last_speed)
     select * from unnest($1::text[], $2::bigint[], $3::bigint[], $4::bigint[], $5::timestamptz[], $6::timestamptz[],
       $7::boolean[], $8::boolean[], $9::text[], $10::int[], $11::int[], $12::int[], $13::int[])
     on conflict (machine_id) do update set running_ms = excluded.running_ms, stitches = excluded.stitches,
       unrecorded_ms = excluded.unrecorded_ms, counted_until = excluded.counted_until,
       last_turning = excluded.last_turning, last_reporting = excluded.last_reporting,
       last_design = excluded.last_design, last_passes = excluded.last_passes, last_stitch = excluded.last_stitch,
       last_design_stitches = excluded.last_design_stitches, last_speed = excluded.last_speed`,
    [
      next.map((r) => r.machineId),
      next.map((r) => r.runningMs),
      next.map((r) => r.stitches),
      next.map((r) => r.unrecordedMs),
      next.map((r) => iso(r.countedSince)),
      next.map((r) => iso(r.countedUntil)),
      next.map((r) => r.lastTurning),
      next.map((r) => r.lastReporting),
      next.map((r) => r.lastDesign),
      next.map((r) => r.lastPasses),
      next.map((r) => r.lastStitch),
      next.map((r) => r.lastDesignStitches),
      next.map((r) => r.lastSpeed),
    ],
  )
}

/** Every machine's counted use now. */
export async function machineUse(db: Db | Tx): Promise<Map<string, MachineUse>> {
  const rows = await db.query<Record<string, unknown>>(
    'select machine_id, running_ms, stitches, unrecorded_ms, counted_since, counted_until from machine_use',
  )
  return new Map(
    rows.map((r) => {
      const { machineId, runningMs, stitches, unrecordedMs, countedSince, countedUntil } = rowOf(r)
      return [machineId, { machineId, runningMs, stitches, unrecordedMs, countedSince, countedUntil }]
    }),
  )
}
