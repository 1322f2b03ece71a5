import { machineFactsOf } from '../../src/api/contract/to-domain'
import type { StateInterval } from '../../src/lib/domain'
import type { StatusEntry } from '../../src/lib/status-codes'
import {
  codeReasonsOf,
  type GivenReason,
  type ReasonRequest,
  type StopPart,
  stopPartsOf,
} from '../../src/lib/stop-parts'
import {
  EDIT_HOURS,
  type PlannedStop,
  plannedWindows,
  STATE_REASONS,
  type StopSettings,
} from '../../src/lib/stop-reasons'
import type { NamedShift } from '../../src/lib/time-range'
import type { Db } from '../history/db'
import type { Watcher } from '../history/watcher'
import { type ReasonChange, StopError } from './stop-error'
import type { StopStore } from './store'

const NOTIFY_CHANNEL = 'stitchboard_stops'
/** How long one reading of the current stops serves (a new poll or a change reads again at once). */
const CURRENT_FRESH_MS = 1000
/** How far back a stop that began before a range is followed, step by step, to find its start. */
const LOOKBACK_STEPS_MS = [6 * 3_600_000, 86_400_000, 7 * 86_400_000, 31 * 86_400_000]

/** The demo factory's breaks (its shifts are the default Early, Late and Night). */
const DEMO_BREAKS = [
  { shift: 'Early', from: '09:00', till: '09:15', reason: 'break' },
  { shift: 'Early', from: '12:00', till: '12:30', reason: 'break' },
  { shift: 'Late', from: '17:00', till: '17:15', reason: 'break' },
  { shift: 'Late', from: '19:30', till: '20:00', reason: 'break' },
  { shift: 'Night', from: '01:00', till: '01:30', reason: 'break' },
  { shift: 'Night', from: '03:30', till: '03:45', reason: 'break' },
]
/** What the demo's operators say, and how often (weights). */
const DEMO_REASONS: ReadonlyArray<[string, number]> = [
  ['waiting-garments', 25],
  ['design-change', 15],
  ['hooping', 12],
  ['no-operator', 10],
  ['thread-change', 10],
  ['waiting-hoops', 8],
  ['bobbin-change', 7],
  ['machine-fault', 5],
  ['quality-check', 5],
  ['trial-sew-out', 3],
]
const DEMO_PEOPLE = ['Ana', 'Ben', 'Chen', 'Dilek', 'Emre', 'Fatima']
const hash = (text: string) => {
  let h = 2166136261
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619)
  return h >>> 0
}
const pick = (weighted: ReadonlyArray<[string, number]>, roll: number) => {
  let left = roll % weighted.reduce((sum, [, w]) => sum + w, 0)
  for (const [id, w] of weighted) {
    left -= w
    if (left < 0) return id
  }
  return weighted[0]![0]
}

export interface StopBookOptions {
  store: StopStore
  db: Db
  watcher: Pick<Watcher, 'latest'>
  codes: readonly StatusEntry[]
  shifts: readonly NamedShift[]
  timeZone: string
  now?: () => number
  /** told of each reason given, with the one it replaced (the shift reports record it as a correction) */
  onGiven?: (change: ReasonChange) => Promise<void>
}

export interface StopChange {
  at: number
  /** the machines whose stops changed; empty: settings or planned stops (every machine) */
  machines: string[]
}

/**
 * The stops of the history with their reasons: parts computed from the intervals at read time (so a
 * corrected status dictionary or a new planned stop corrects them), the reasons people gave, and the
 * changes told to every instance (LISTEN/NOTIFY on a server) and every browser.
 */
export class StopBook {
  readonly now: () => number
  private readonly codes: Map<number, StatusEntry>
  private readonly listeners = new Set<(change: StopChange) => void>()
  private unlisten: (() => Promise<void>) | null = null
  private settingsCache: Promise<StopSettings> | null = null
  /** `current()` read once for every board, alert check and stream that asks within a second of the same
   * poll (50 boards reading again at once after a change would otherwise compute it 50 times) */
  private currentCache: { at: number; poll: unknown; parts: Promise<StopPart[]> } | null = null

  constructor(private readonly options: StopBookOptions) {
    this.now = options.now ?? Date.now
    this.codes = new Map(options.codes.map((c) => [c.code, c]))
  }

  async start(): Promise<void> {
    if (this.options.db.listen)
      this.unlisten = await this.options.db.listen(NOTIFY_CHANNEL, (payload) => {
        this.settingsCache = null
        let machines: string[] = []
        try {
          machines = (JSON.parse(payload) as { machines?: string[] }).machines ?? []
        } catch {}
        this.emit({ at: this.now(), machines })
      })
  }

  async stop(): Promise<void> {
    await this.unlisten?.().catch(() => {})
  }

  onChange(listener: (change: StopChange) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  private emit(change: StopChange) {
    this.currentCache = null
    for (const listener of this.listeners) listener(change)
  }

  /** Every instance's browsers hear of a change (the NOTIFY comes back to this one too). */
  private async announce(machines: string[]) {
    this.currentCache = null
    if (this.options.db.kind === 'server' && this.options.db.listen) {
      const sent = await this.options.db
        .query('select pg_notify($1, $2)', [NOTIFY_CHANNEL, JSON.stringify({ machines })])
        .then(
          () => true,
          () => false,
        )
      if (sent) return
    }
    this.settingsCache = null
    this.emit({ at: this.now(), machines })
  }

  settings(): Promise<StopSettings> {
    this.settingsCache ??= this.options.store.settings().then(
      (s) => s.settings,
      (error) => {
        this.settingsCache = null
        throw error
      },
    )
    return this.settingsCache
  }

  async saveSettings(settings: StopSettings, by: string): Promise<void> {
    await this.options.store.saveSettings(settings, by, this.now())
    await this.announce([])
  }

  async addPlanned(p: Omit<PlannedStop, 'id' | 'at'>): Promise<number> {
    const id = await this.options.store.addPlanned(p, this.now())
    await this.announce([])
    return id
  }

  /** The planned stops (not cancelled) overlapping [from, till). */
  plannedBetween(from: number, till: number): Promise<PlannedStop[]> {
    return this.options.store.planned(from, till)
  }

  /** A planned stop not cancelled, by its ID (where it is, before a change of it). */
  plannedById(id: number): Promise<PlannedStop | undefined> {
    return this.options.store.plannedById(id)
  }

  async cancelPlanned(id: number, by: string): Promise<boolean> {
    const done = await this.options.store.cancelPlanned(id, by, this.now())
    if (done) await this.announce([])
    return done
  }

  isRunning = (i: StateInterval): boolean => {
    if (!i.reporting) return false
    if (i.turning) return true
    return i.code !== null && this.codes.get(i.code)?.state === 'running'
  }

  /** The machines' locations, from the latest /machines answer (planned stops of a location; what a
   * person limited to locations may change). */
  machineLocations(): Map<string, number | null> {
    const latest = this.options.watcher.latest()
    const facts = latest
      ? machineFactsOf(JSON.parse(new TextDecoder().decode(latest.answer.body)))
      : new Map()
    return new Map([...facts].map(([id, f]) => [id, f.locationId ?? null]))
  }

  /**
   * The stop parts of `machines` (all when null) that overlap [from, till) (Unix ms; till at most now),
   * each from its true start: a stop that began before `from` is followed back in the history.
   */
  async parts(machines: readonly string[] | null, from: number, till: number): Promise<StopPart[]> {
    const now = Math.min(this.now(), till)
    const { store } = this.options
    const intervals = await store.intervals(machines, from, now)
    // follow the stops that began before the range back to their start
    let reach = from
    let open = [...intervals].filter(([, list]) => this.continuesBefore(list, reach)).map(([id]) => id)
    for (const step of LOOKBACK_STEPS_MS) {
      if (open.length === 0) break
      const earlier = await store.intervals(open, reach - step, reach)
      for (const id of open) {
        const before = (earlier.get(id) ?? []).filter((i) => i.start < reach)
        const list = intervals.get(id)!
        intervals.set(id, [...before.filter((b) => !list.some((l) => l.start === b.start)), ...list])
      }
      reach -= step
      open = open.filter((id) => this.continuesBefore(intervals.get(id)!, reach))
    }
    const [settings, planned] = await Promise.all([this.settings(), store.planned(reach, now + 1)])
    const firstStart = Math.min(reach, ...[...intervals.values()].map((l) => l[0]?.start ?? reach))
    const [given, splits] = await Promise.all([
      store.given(machines, firstStart, now + 1),
      store.splits(machines, firstStart, now + 1),
    ])
    const codeReasons = codeReasonsOf(settings, this.codes, STATE_REASONS)
    const locations = this.machineLocations()
    const parts: StopPart[] = []
    for (const [machineId, list] of intervals) {
      const start = list[0]?.start ?? from
      const windows = plannedWindows(
        { id: machineId, locationId: locations.get(machineId) ?? null },
        start,
        now + 1,
        settings,
        planned,
        this.options.shifts,
        this.options.timeZone,
      )
      const mine = new Map(given.filter((g) => g.machineId === machineId).map((g) => [g.start, g]))
      const cuts = splits.filter((s) => s.machineId === machineId).map((s) => s.at)
      for (const part of stopPartsOf(machineId, list, now, this.isRunning, {
        splits: cuts,
        windows,
        given: mine,
        codeReasons,
      }))
        if (part.end > from && part.start < till) parts.push(part)
    }
    return parts
  }

  /** Whether a machine's first known interval is a stop that may have begun earlier than `reach`. */
  private continuesBefore(list: readonly StateInterval[], reach: number): boolean {
    const first = list[0]
    return first !== undefined && first.start < reach + 1 && !this.isRunning(first) && !first.atLeast
  }

  /** The part of `machineId` that starts at `start`, or why there is none. */
  async part(machineId: string, start: number): Promise<StopPart> {
    const now = this.now()
    if (start > now) throw new StopError(400, 'That stop would start in the future')
    const parts = await this.parts([machineId], start, Math.max(start + 1, now))
    const part = parts.find((p) => p.start === start)
    if (part) return part
    const holding = parts.find((p) => p.start < start && start < p.end)
    if (holding)
      throw new StopError(
        404,
        `No stop part of ${machineId} starts then; the part holding that moment starts at ${new Date(holding.start).toISOString()}`,
      )
    const intervals = (await this.options.store.intervals([machineId], start, start + 1)).get(machineId) ?? []
    if (intervals.some((i) => this.isRunning(i)))
      throw new StopError(409, `${machineId} was running then: a running machine needs no reason`)
    throw new StopError(404, `No stop of ${machineId} starts then`)
  }

  /** Gives a reason to a part (checked: a reason in use, its comment, the part exists, not over 24 h
   * ago). Returns the part as it now reads and the other person's reason it replaced, if any. */
  async give(body: ReasonRequest): Promise<{ part: StopPart; replaced: GivenReason | null }> {
    const settings = await this.settings()
    const reason = settings.reasons.find((r) => r.id === body.reason)
    if (!reason) throw new StopError(400, `There is no reason "${body.reason}"`)
    if (reason.retired) throw new StopError(409, `The reason "${body.reason}" is retired; choose another`)
    const comment = body.comment?.trim() || null
    if (reason.needsComment && !comment)
      throw new StopError(400, 'This reason needs a comment: say what happened')
    const part = await this.part(body.machineId, body.start)
    this.checkEditable(part)
    const at = this.now()
    const before = await this.options.store.give({ ...body, comment }, at)
    await this.announce([body.machineId])
    const was = before?.reason ?? part.reason
    if (was !== body.reason) {
      const { machineId, by } = body
      const change = { machineId, start: part.start, end: part.end, before: was, after: body.reason, by, at }
      await this.options.onGiven?.(change).catch(() => {})
    }
    const [after] = (
      await this.parts([body.machineId], part.start, Math.max(part.start + 1, this.now()))
    ).filter((p) => p.start === part.start)
    // someone else's reason given since this screen looked is replaced, and both are in the log
    const replaced = before && before.reason !== (body.seen ?? null) && before.by !== body.by ? before : null
    return { part: after ?? part, replaced }
  }

  /** Splits a part at `at`: both sides keep at least a second. */
  async split(body: { machineId: string; start: number; at: number; by: string }): Promise<StopPart[]> {
    const part = await this.part(body.machineId, body.start)
    this.checkEditable(part)
    if (body.at <= part.start + 1000 || body.at >= part.end - 1000)
      throw new StopError(
        400,
        `A split must fall inside the stop, between ${new Date(part.start).toISOString()} and ${new Date(part.end).toISOString()}`,
      )
    await this.options.store.split(body.machineId, part.start, body.at, body.by, this.now())
    await this.announce([body.machineId])
    return (await this.parts([body.machineId], part.start, Math.max(part.end, this.now()))).filter(
      (p) => p.stopStart === part.stopStart,
    )
  }

  private checkEditable(part: StopPart) {
    if (!part.ongoing && this.now() - part.end > EDIT_HOURS * 3_600_000)
      throw new StopError(
        409,
        `A stop's reason can be given or changed for ${EDIT_HOURS} hours after it ended; this one ended at ${new Date(part.end).toISOString()}`,
      )
  }

  /** What each machine that stands now is standing for: its ongoing part with its reason. */
  current(): Promise<StopPart[]> {
    const now = this.now()
    const poll = this.options.watcher.latest()
    const cached = this.currentCache
    if (cached && cached.poll === poll && now >= cached.at && now - cached.at < CURRENT_FRESH_MS)
      return cached.parts
    const parts = this.parts(null, now - 1, now).then((all) => all.filter((p) => p.ongoing))
    this.currentCache = { at: now, poll, parts }
    parts.catch(() => {
      if (this.currentCache?.parts === parts) this.currentCache = null
    })
    return parts
  }

  /**
   * The demo's record, once after its first days were recorded: the shifts' breaks, and reasons for most
   * stops that ask one, given by the demo's operators soon after each ended; the last two hours and about
   * a quarter of the rest are left for the floor to explain, so a first start shows the Pareto by reason,
   * the explained share and stops to explain.
   */
  async seedDemo(from: number, till: number): Promise<void> {
    const saved = await this.options.store.settings()
    if (saved.updatedAt === null) {
      const names = new Set(this.options.shifts.map((s) => s.name))
      const breaks = DEMO_BREAKS.filter((b) => names.has(b.shift))
      await this.saveSettings({ ...saved.settings, breaks }, 'stitchboard demo')
    }
    const settings = await this.settings()
    const seeds: GivenReason[] = []
    for (let day = from; day < till; day += 86_400_000) {
      for (const part of await this.parts(null, day, Math.min(day + 86_400_000, till))) {
        if (part.start < day || part.reason !== null || part.ongoing) continue
        if (part.end - part.start < settings.thresholdMinutes * 60_000 || part.end > till - 2 * 3_600_000)
          continue
        const roll = hash(`${part.machineId}@${part.start}`)
        if (roll % 4 === 0) continue
        seeds.push({
          machineId: part.machineId,
          start: part.start,
          reason: pick(DEMO_REASONS, roll >>> 4),
          comment: null,
          by: DEMO_PEOPLE[(roll >>> 12) % DEMO_PEOPLE.length]!,
          at: part.end + ((roll >>> 16) % 10) * 60_000,
        })
      }
    }
    await this.options.store.seed(seeds)
    await this.announce([])
  }

  private prunedAt = 0

  /** Once a day on the polling instance: the reasons' tables keep what the history keeps (HISTORY_DAYS). */
  async pruneOlderThan(days: number): Promise<void> {
    const now = this.now()
    if (now - this.prunedAt < 86_400_000) return
    this.prunedAt = now
    await this.options.store.prune(now - days * 86_400_000)
  }

  log(machineId: string, from: number, till: number) {
    return this.options.store.logOf(machineId, from, till)
  }
}
