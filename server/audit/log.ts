import type { Db } from '../history/db'

/** How the one who did something was known. */
export type Via = 'session' | 'device' | 'admin-token' | 'integration' | 'anonymous' | 'command' | 'server'

/** One event of the audit log (IEC 62443-4-2 CR 2.8: time, source, category, event, result). */
export interface AuditEntry {
  at: number
  /** the person's name, "admin token", a typed name ("Ana (typed)") or the command */
  actor: string
  actorId: number | null
  /** the role the actor had then; null for no one signed in */
  role: string | null
  via: Via
  /** the enrolled device the request came from (its name), if any */
  device?: string | null
  /** the client's address */
  address: string
  /** access, stops, plan, alerts, reports, people, backup */
  category: string
  /** what was done, such as "sign-in" or "reason given" */
  event: string
  /** what it was done to: the request's path, a login */
  target: string
  result: 'ok' | 'refused' | 'failed'
  /** the HTTP status answered (0 for a command) */
  status: number
  /** what was asked (secrets removed) and why it was refused or failed */
  detail: Record<string, unknown>
}

export interface AuditRow extends AuditEntry {
  id: number
}

/** Most bytes of a detail kept (as JSON). */
const MAX_DETAIL_CHARS = 4096
const SECRET_KEY = /pass|secret|token|pin|key|licen[cs]e|url/i

/** A request's body as the log keeps it: values of secret-looking fields replaced, long texts cut. */
export function redacted(value: unknown, depth = 0): unknown {
  if (depth > 6) return '…'
  if (typeof value === 'string') return value.length > 300 ? `${value.slice(0, 300)}…` : value
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => redacted(v, depth + 1))
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .slice(0, 50)
        .map(([k, v]) => [
          k,
          SECRET_KEY.test(k) && v !== null && v !== '' ? '(hidden)' : redacted(v, depth + 1),
        ]),
    )
  return value
}

/** One difference between what was before a change and what is after it. */
export interface Difference {
  /** where: "rules.state.minutes.stopped", "reasons[2].name" */
  at: string
  before: unknown
  after: unknown
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v)

/** What a change changed, field by field (at most `limit`; secrets hidden, long texts cut): objects and
 * lists of one length are followed into, anything else that differs is one difference. */
export function differences(before: unknown, after: unknown, limit = 30): Difference[] {
  const found: Difference[] = []
  const walk = (b: unknown, a: unknown, at: string, depth: number) => {
    if (found.length >= limit || JSON.stringify(b) === JSON.stringify(a)) return
    const hidden = SECRET_KEY.test(at.split(/[.[]/).at(-1) ?? '')
    if (depth < 6 && isRecord(b) && isRecord(a)) {
      for (const key of new Set([...Object.keys(b), ...Object.keys(a)]))
        walk(b[key], a[key], at ? `${at}.${key}` : key, depth + 1)
    } else if (depth < 6 && Array.isArray(b) && Array.isArray(a) && b.length === a.length) {
      for (let i = 0; i < b.length; i++) walk(b[i], a[i], `${at}[${i}]`, depth + 1)
    } else
      found.push({
        at,
        before: hidden ? '(hidden)' : redacted(b ?? null, depth),
        after: hidden ? '(hidden)' : redacted(a ?? null, depth),
      })
  }
  walk(before, after, '', 0)
  return found
}

const bounded = (detail: Record<string, unknown>) => {
  const json = JSON.stringify(detail)
  return json.length <= MAX_DETAIL_CHARS ? json : JSON.stringify({ cut: json.slice(0, MAX_DETAIL_CHARS) })
}

interface Row {
  id: string
  at: string
  actor: string
  actor_id: string | null
  role: string | null
  via: Via
  device: string | null
  address: string
  category: string
  event: string
  target: string
  result: AuditEntry['result']
  status: number
  detail: Record<string, unknown>
}

/** The append-only log of what people and tokens did (a database trigger refuses changes, and removals
 * other than the pruning's). */
export class AuditLog {
  constructor(
    private readonly db: Db,
    private readonly log: (line: string) => void = console.warn,
  ) {}

  /** Appends an entry. A failure to write is said in the server's log, and thrown: a caller that must not
   * act without its entry can tell. */
  async record(entry: AuditEntry): Promise<void> {
    try {
      await this.db.query(
        `insert into audit_log (at, actor, actor_id, role, via, address, category, event, target, result, status, detail, device)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
        [
          entry.at,
          entry.actor.slice(0, 200),
          entry.actorId,
          entry.role,
          entry.via,
          entry.address.slice(0, 100),
          entry.category,
          entry.event,
          entry.target.slice(0, 300),
          entry.result,
          entry.status,
          bounded(entry.detail),
          entry.device ?? null,
        ],
      )
    } catch (error) {
      this.log(
        `stitchboard: an audit entry could not be kept (${(error as Error).message}): ${JSON.stringify({ ...entry, detail: undefined })}`,
      )
      throw error
    }
  }

  /** Entries of a range, newest first, at most `limit` (before an id, to page on). */
  async list(q: {
    from: number
    till: number
    category?: string
    actor?: string
    result?: AuditEntry['result']
    beforeId?: number
    limit: number
  }): Promise<AuditRow[]> {
    const rows = await this.db.query<Row>(
      `select id, at, actor, actor_id, role, via, device, address, category, event, target, result, status, detail
       from audit_log
       where at >= $1 and at < $2 and ($3::text is null or category = $3)
         and ($4::text is null or position(lower($4) in lower(actor)) > 0) and ($5::text is null or result = $5)
         and ($6::bigint is null or id < $6)
       order by id desc limit $7`,
      [q.from, q.till, q.category ?? null, q.actor ?? null, q.result ?? null, q.beforeId ?? null, q.limit],
    )
    return rows.map((r) => ({
      id: Number(r.id),
      at: Number(r.at),
      actor: r.actor,
      actorId: r.actor_id === null ? null : Number(r.actor_id),
      role: r.role,
      device: r.device,
      via: r.via,
      address: r.address,
      category: r.category,
      event: r.event,
      target: r.target,
      result: r.result,
      status: Number(r.status),
      detail: r.detail,
    }))
  }

  /** Removes entries older than `days` (at least 30), the one removal the database lets through. */
  async pruneOlderThan(days: number, now: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query("select set_config('stitchboard.audit_prune', 'on', true)")
      await tx.query('delete from audit_log where at < $1', [now - Math.max(30, days) * 86_400_000])
    })
  }
}
