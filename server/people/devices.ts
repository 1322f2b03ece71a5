import { createHmac, randomBytes } from 'node:crypto'
import type { Db } from '../history/db'
import { digestOf, newSecret } from './store'

/** An enrolled device: a shared floor tablet or phone, or a wall screen. */
export interface Device {
  id: number
  kind: 'floor' | 'wall'
  name: string
  locationId: number | null
  createdAt: number
  createdBy: string
  enrolledAt: number | null
  seenAt: number | null
  address: string
  revokedAt: number | null
  revokedBy: string | null
  pinFailures: number
  pinLockedAt: number | null
  /** its enrolment code is still to be used, until then */
  codeExpiresAt: number | null
}

/** Wrong PINs on one device before its PIN entry is locked (a supervisor unlocks it). */
export const MAX_PIN_FAILURES = 5
/** An enrolment code is good for a day. */
const CODE_MS = 24 * 3_600_000
/** Letters and digits that cannot be mistaken for each other on a screen or a label. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'

const COLUMNS =
  'id, kind, name, location_id, created_at, created_by, enrolled_at, seen_at, address, revoked_at, revoked_by, pin_failures, pin_locked_at, code_expires_at'
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v))
const deviceOf = (r: Record<string, unknown>): Device => ({
  id: Number(r.id),
  kind: r.kind as Device['kind'],
  name: String(r.name),
  locationId: num(r.location_id),
  createdAt: Number(r.created_at),
  createdBy: String(r.created_by),
  enrolledAt: num(r.enrolled_at),
  seenAt: num(r.seen_at),
  address: String(r.address ?? ''),
  revokedAt: num(r.revoked_at),
  revokedBy: (r.revoked_by as string | null) ?? null,
  pinFailures: Number(r.pin_failures),
  pinLockedAt: num(r.pin_locked_at),
  codeExpiresAt: num(r.code_expires_at),
})

/** A short enrolment code, such as K7QX-2MPA (40 bits). */
export function newEnrolmentCode(): string {
  const chars = [...randomBytes(8)].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('')
  return `${chars.slice(0, 4)}-${chars.slice(4)}`
}

/** A code as typed: upper case, without spaces or dashes, then dashed again. */
export const normalCode = (code: string) => {
  const plain = code.toUpperCase().replace(/[\s-]/g, '')
  return plain.length === 8 ? `${plain.slice(0, 4)}-${plain.slice(4)}` : plain
}

/** Devices, their enrolment and the PINs typed on them, in the history's database. */
export class DeviceStore {
  private key: Promise<string> | null = null

  constructor(private readonly db: Db) {}

  /** A new device with its enrolment code (valid a day, used once). */
  async create(
    device: { kind: Device['kind']; name: string; locationId: number | null },
    by: string,
    at: number,
  ): Promise<{ device: Device; code: string }> {
    const code = newEnrolmentCode()
    const [row] = await this.db.query(
      `insert into devices (kind, name, location_id, code_digest, code_expires_at, created_at, created_by)
       values ($1, $2, $3, $4, $5, $6, $7) returning ${COLUMNS}`,
      [device.kind, device.name, device.locationId, digestOf(code), at + CODE_MS, at, by],
    )
    return { device: deviceOf(row!), code }
  }

  /** Enrols the browser that gives a device's code: its secret for a cookie, or null (no such code, used,
   * expired, or the device revoked). */
  async enrol(code: string, at: number, address: string): Promise<{ device: Device; secret: string } | null> {
    const secret = newSecret()
    const [row] = await this.db.query(
      `update devices set digest = $2, code_digest = null, code_expires_at = null, enrolled_at = $3, seen_at = $3,
         address = $4
       where code_digest = $1 and code_expires_at > $3 and revoked_at is null returning ${COLUMNS}`,
      [digestOf(normalCode(code)), digestOf(secret), at, address.slice(0, 100)],
    )
    return row ? { device: deviceOf(row), secret } : null
  }

  /** The live device of a cookie's secret (its contact noted at most once a minute), or null. */
  async bySecret(secret: string, at: number, address: string): Promise<Device | null> {
    const [row] = await this.db.query(
      `select ${COLUMNS} from devices where digest = $1 and revoked_at is null`,
      [digestOf(secret)],
    )
    if (!row) return null
    const device = deviceOf(row)
    if (device.seenAt === null || at - device.seenAt > 60_000)
      await this.db.query('update devices set seen_at = $2, address = $3 where id = $1', [
        device.id,
        at,
        address.slice(0, 100),
      ])
    return device
  }

  async list(): Promise<Device[]> {
    return (
      await this.db.query(`select ${COLUMNS} from devices order by revoked_at is not null, kind, lower(name)`)
    ).map(deviceOf)
  }

  /** The enrolled wall screens that are not revoked, with their last contact (their enrolment when they
   * have had none since): what the alerts' screens rule watches. */
  async walls(): Promise<Array<{ id: number; name: string; locationId: number | null; seenAt: number }>> {
    const rows = await this.db.query(
      `select id, name, location_id, coalesce(seen_at, enrolled_at) as seen_at from devices
       where kind = 'wall' and revoked_at is null and enrolled_at is not null order by id`,
    )
    return rows.map((r) => ({
      id: Number(r.id),
      name: String(r.name),
      locationId: num(r.location_id),
      seenAt: Number(r.seen_at),
    }))
  }

  async revoke(id: number, by: string, at: number): Promise<Device | null> {
    const [row] = await this.db.query(
      `update devices set revoked_at = $2, revoked_by = $3, digest = null, code_digest = null
       where id = $1 and revoked_at is null returning ${COLUMNS}`,
      [id, at, by],
    )
    return row ? deviceOf(row) : null
  }

  /** Opens a device's PIN entry again after it was locked. */
  async unlock(id: number): Promise<Device | null> {
    const [row] = await this.db.query(
      `update devices set pin_failures = 0, pin_locked_at = null where id = $1 returning ${COLUMNS}`,
      [id],
    )
    return row ? deviceOf(row) : null
  }

  /** A wrong PIN on a device: its count, and whether its PIN entry is locked now. */
  async pinFailed(id: number, at: number): Promise<{ failures: number; locked: boolean }> {
    const [row] = await this.db.query<{ pin_failures: number; pin_locked_at: string | null }>(
      `update devices set pin_failures = pin_failures + 1,
         pin_locked_at = case when pin_failures + 1 >= $3 then coalesce(pin_locked_at, $2) else pin_locked_at end
       where id = $1 returning pin_failures, pin_locked_at`,
      [id, at, MAX_PIN_FAILURES],
    )
    return { failures: Number(row?.pin_failures ?? 0), locked: row?.pin_locked_at != null }
  }

  async pinRight(id: number): Promise<void> {
    await this.db.query('update devices set pin_failures = 0 where id = $1 and pin_failures > 0', [id])
  }

  /** A PIN or badge number as kept: HMAC-SHA256 with stitchboard's own key (one for every instance). */
  async keyed(kind: 'pin' | 'badge', value: string): Promise<string> {
    // made by the first instance that needs it (a database only migrated holds nothing: a restore's check)
    this.key ??= this.db
      .query<{ value: string }>(
        "insert into stitchboard_keys (name, value) values ('pin', $1) on conflict (name) do nothing",
        [randomBytes(32).toString('hex')],
      )
      .then(() => this.db.query<{ value: string }>("select value from stitchboard_keys where name = 'pin'"))
      .then(([row]) => {
        if (!row) throw new Error('the PIN key is missing from the database')
        return row.value
      })
      .catch((error: unknown) => {
        this.key = null
        throw error
      })
    return createHmac('sha256', await this.key)
      .update(`${kind}:${value}`)
      .digest('hex')
  }
}
