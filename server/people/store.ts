import { createHash, randomBytes } from 'node:crypto'
import type { Role } from '../../src/lib/roles'
import type { Db, Tx } from '../history/db'

/** A person who signs in (a local account). */
export interface Person {
  id: number
  login: string
  name: string
  role: Role
  /** the locations an operator or supervisor is limited to; empty: all */
  locations: number[]
  active: boolean
  createdAt: number
  createdBy: string
  /** the operator this person is in the machines' records (the vendor's operatorId), if linked */
  vendorOperatorId: string | null
}

/** A signed-in browser, as an administrator sees it (never its id). */
export interface SessionInfo {
  id: number
  personId: number
  createdAt: number
  seenAt: number
  expiresAt: number
  address: string
  agent: string
}

export const digestOf = (secret: string) => createHash('sha256').update(secret).digest('hex')
/** A random secret for a cookie: 32 bytes, base64url. */
export const newSecret = () => randomBytes(32).toString('base64url')

interface PersonRow {
  id: string
  login: string
  name: string
  role: Role
  locations: number[]
  active: boolean
  created_at: string
  created_by: string
  vendor_operator_id: string | null
}
const PERSON_COLUMNS =
  'p.id, p.login, p.name, p.role, p.locations, p.active, p.created_at, p.created_by, p.vendor_operator_id'
const personOf = (row: PersonRow): Person => ({
  id: Number(row.id),
  login: row.login,
  name: row.name,
  role: row.role,
  locations: row.locations.map(Number),
  active: row.active,
  createdAt: Number(row.created_at),
  createdBy: row.created_by,
  vendorOperatorId: row.vendor_operator_id ?? null,
})

export class PeopleError extends Error {
  override name = 'PeopleError'
  constructor(
    message: string,
    readonly status: 400 | 404 | 409,
  ) {
    super(message)
  }
}

const LOGIN_TAKEN = (login: string) => new PeopleError(`The login "${login}" is taken`, 409)

/** People, their sessions and the first administrator's codes, in the history's database. */
export class PeopleStore {
  constructor(private readonly db: Db) {}

  /** Whether an active administrator exists: from then on people sign in, and the tokens no longer
   * change anything. */
  async hasAdmin(): Promise<boolean> {
    const [row] = await this.db.query<{ yes: boolean }>(
      "select exists (select 1 from people where role = 'admin' and active) as yes",
    )
    return row?.yes === true
  }

  async list(): Promise<Person[]> {
    const rows = await this.db.query<PersonRow>(
      `select ${PERSON_COLUMNS} from people p order by lower(p.name), p.id`,
    )
    return rows.map(personOf)
  }

  async byId(id: number): Promise<Person | null> {
    const [row] = await this.db.query<PersonRow>(`select ${PERSON_COLUMNS} from people p where p.id = $1`, [
      id,
    ])
    return row ? personOf(row) : null
  }

  /** The person of a login with the hash kept of their password (null: no such login). */
  async withPassword(login: string): Promise<{ person: Person; hash: string | null } | null> {
    const [row] = await this.db.query<PersonRow & { password_hash: string | null }>(
      `select ${PERSON_COLUMNS}, p.password_hash from people p where lower(p.login) = lower($1)`,
      [login],
    )
    return row ? { person: personOf(row), hash: row.password_hash } : null
  }

  async add(
    person: { login: string; name: string; role: Role; locations: number[]; passwordHash: string | null },
    by: string,
    at: number,
    tx?: Tx,
  ): Promise<Person> {
    try {
      const [row] = await (tx ?? this.db).query<PersonRow>(
        `insert into people as p (login, name, role, locations, password_hash, created_at, created_by)
         values ($1, $2, $3, $4, $5, $6, $7) returning ${PERSON_COLUMNS}`,
        [person.login, person.name, person.role, person.locations, person.passwordHash, at, by],
      )
      return personOf(row!)
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw LOGIN_TAKEN(person.login)
      throw error
    }
  }

  /** Changes a person; refuses to leave no active administrator (one transaction, so two administrators
   * demoting each other at once cannot both succeed). */
  async change(
    id: number,
    change: Partial<Pick<Person, 'name' | 'role' | 'locations' | 'active' | 'vendorOperatorId'>> & {
      passwordHash?: string
    },
    at: number,
  ): Promise<Person> {
    return this.db.transaction(async (tx) => {
      // every change of people is taken one at a time: the last-administrator check sees the others'
      await tx.query("select pg_advisory_xact_lock(hashtext('stitchboard-people'))")
      const [before] = await tx.query<PersonRow>(`select ${PERSON_COLUMNS} from people p where p.id = $1`, [
        id,
      ])
      if (!before) throw new PeopleError(`No person ${id}`, 404)
      const sets: string[] = []
      const values: unknown[] = [id]
      const set = (column: string, value: unknown) => {
        values.push(value)
        sets.push(`${column} = $${values.length}`)
      }
      if (change.name !== undefined) set('name', change.name)
      if (change.role !== undefined) set('role', change.role)
      if (change.locations !== undefined) set('locations', change.locations)
      if (change.active !== undefined) set('active', change.active)
      if (change.passwordHash !== undefined) set('password_hash', change.passwordHash)
      if (change.vendorOperatorId !== undefined) {
        const [other] = await tx.query<{ name: string }>(
          'select name from people where vendor_operator_id = $1 and id <> $2',
          [change.vendorOperatorId, id],
        )
        if (other)
          throw new PeopleError(`${other.name} is the operator ${change.vendorOperatorId} already`, 409)
        set('vendor_operator_id', change.vendorOperatorId)
      }
      if (sets.length === 0) return personOf(before)
      const [row] = await tx.query<PersonRow>(
        `update people p set ${sets.join(', ')} where p.id = $1 returning ${PERSON_COLUMNS}`,
        values,
      )
      const [admins] = await tx.query<{ n: string }>(
        "select count(*)::text as n from people where role = 'admin' and active",
      )
      if (before.role === 'admin' && before.active && Number(admins?.n) === 0)
        throw new PeopleError('The last active administrator cannot be demoted or switched off', 409)
      // a person switched off or given less is signed out everywhere
      if (change.active === false || (change.role !== undefined && change.role !== before.role))
        await tx.query(
          'update person_sessions set ended_at = $2, ended_by = $3 where person_id = $1 and ended_at is null',
          [id, at, 'a change of the person'],
        )
      return personOf(row!)
    })
  }

  // ---- PINs and badges on shared floor devices ----

  /** Sets (or, with null, removes) a person's PIN or badge number, kept as a keyed digest; refused when
   * another person has it (a PIN must name one person). */
  async setIdentifier(id: number, kind: 'pin' | 'badge', keyed: string | null): Promise<void> {
    try {
      const rows = await this.db.query(`update people set ${kind} = $2 where id = $1 returning id`, [
        id,
        keyed,
      ])
      if (rows.length === 0) throw new PeopleError(`No person ${id}`, 404)
    } catch (error) {
      if ((error as { code?: string }).code === '23505')
        throw new PeopleError(
          kind === 'pin' ? 'Someone else has this PIN: choose another' : 'Someone else has this badge number',
          409,
        )
      throw error
    }
  }

  /** The active person of a PIN or badge (its keyed digest), or null. */
  async byIdentifier(kind: 'pin' | 'badge', keyed: string): Promise<Person | null> {
    const [row] = await this.db.query<PersonRow>(
      `select ${PERSON_COLUMNS} from people p where p.${kind} = $1 and p.active`,
      [keyed],
    )
    return row ? personOf(row) : null
  }

  // ---- people of the identity provider ----

  /** The person the identity provider knows by `subject`, or null. */
  async bySubject(subject: string): Promise<Person | null> {
    const [row] = await this.db.query<PersonRow>(
      `select ${PERSON_COLUMNS} from people p where p.subject = $1`,
      [subject],
    )
    return row ? personOf(row) : null
  }

  /** A person signed in at the identity provider: made at the first sign-in (their login the provider's
   * user name, made unique if a local account has it), their name and (when the provider gives it) role
   * brought up to date at each. */
  async fromProvider(
    who: { subject: string; login: string; name: string; role: Role | null },
    at: number,
  ): Promise<Person> {
    return this.db.transaction(async (tx) => {
      await tx.query("select pg_advisory_xact_lock(hashtext('stitchboard-people'))")
      const [known] = await tx.query<PersonRow>(
        `select ${PERSON_COLUMNS} from people p where p.subject = $1`,
        [who.subject],
      )
      if (known) {
        const [row] = await tx.query<PersonRow>(
          `update people p set name = $2, role = coalesce($3, p.role) where p.id = $1 returning ${PERSON_COLUMNS}`,
          [known.id, who.name, who.role],
        )
        if (known.role !== row!.role)
          await tx.query(
            'update person_sessions set ended_at = $2, ended_by = $3 where person_id = $1 and ended_at is null',
            [known.id, at, 'a change of role at the identity provider'],
          )
        return personOf(row!)
      }
      const [taken] = await tx.query('select 1 from people where lower(login) = lower($1)', [who.login])
      const login = taken ? `${who.login}#${digestOf(who.subject).slice(0, 6)}` : who.login
      const [row] = await tx.query<PersonRow>(
        `insert into people as p (login, name, role, subject, created_at, created_by)
         values ($1, $2, $3, $4, $5, 'the identity provider') returning ${PERSON_COLUMNS}`,
        [login, who.name, who.role ?? 'viewer', who.subject, at],
      )
      return personOf(row!)
    })
  }

  /** Keeps a sign-in at the identity provider under way (for 10 minutes). */
  async keepOidcLogin(login: { state: string; verifier: string; nonce: string; next: string }, at: number) {
    await this.db.query('delete from oidc_logins where created_at < $1', [at - 600_000])
    await this.db.query(
      'insert into oidc_logins (state, verifier, nonce, next, created_at) values ($1, $2, $3, $4, $5)',
      [login.state, login.verifier, login.nonce, login.next, at],
    )
  }

  /** The sign-in under way of a state, used up; null when there is none (or it is older than 10 minutes). */
  async takeOidcLogin(
    state: string,
    at: number,
  ): Promise<{ verifier: string; nonce: string; next: string } | null> {
    const [row] = await this.db.query<{ verifier: string; nonce: string; next: string }>(
      'delete from oidc_logins where state = $1 and created_at >= $2 returning verifier, nonce, next',
      [state, at - 600_000],
    )
    return row ?? null
  }

  // ---- sessions ----

  /** A new session for a person (a new id at each sign-in); returns the cookie's secret. */
  async startSession(
    personId: number,
    at: number,
    lifetimeMs: number,
    from: { address: string; agent: string },
  ): Promise<string> {
    const secret = newSecret()
    await this.db.query(
      `insert into person_sessions (digest, person_id, created_at, seen_at, expires_at, address, agent)
       values ($1, $2, $3, $3, $4, $5, $6)`,
      [digestOf(secret), personId, at, at + lifetimeMs, from.address.slice(0, 100), from.agent.slice(0, 200)],
    )
    return secret
  }

  /** The person of a live session (not ended, not expired, used within `idleMs`), its use noted at most
   * once a minute; null otherwise. */
  async sessionPerson(
    secret: string,
    at: number,
    idleMs: number,
  ): Promise<{ person: Person; sessionId: number } | null> {
    const [row] = await this.db.query<PersonRow & { session_id: string; seen_at: string }>(
      `select ${PERSON_COLUMNS}, s.id as session_id, s.seen_at from person_sessions s join people p on p.id = s.person_id
       where s.digest = $1 and s.ended_at is null and s.expires_at > $2 and s.seen_at > $3 and p.active`,
      [digestOf(secret), at, at - idleMs],
    )
    if (!row) return null
    if (at - Number(row.seen_at) > 60_000)
      await this.db.query('update person_sessions set seen_at = $2 where id = $1', [row.session_id, at])
    return { person: personOf(row), sessionId: Number(row.session_id) }
  }

  /** Live sessions (all, or a person's). */
  async sessions(at: number, idleMs: number, personId?: number): Promise<SessionInfo[]> {
    const rows = await this.db.query<Record<string, string>>(
      `select id, person_id, created_at, seen_at, expires_at, address, agent from person_sessions
       where ended_at is null and expires_at > $1 and seen_at > $2 and ($3::bigint is null or person_id = $3)
       order by seen_at desc limit 1000`,
      [at, at - idleMs, personId ?? null],
    )
    return rows.map((r) => ({
      id: Number(r.id),
      personId: Number(r.person_id),
      createdAt: Number(r.created_at),
      seenAt: Number(r.seen_at),
      expiresAt: Number(r.expires_at),
      address: r.address ?? '',
      agent: r.agent ?? '',
    }))
  }

  /** Ends sessions: one by its id, a person's, or every one; returns how many were live. */
  async endSessions(
    which: { sessionId: number } | { personId: number } | { secret: string } | 'all',
    at: number,
    by: string,
  ): Promise<number> {
    const [where, values]: [string, unknown[]] =
      which === 'all'
        ? ['', []]
        : 'sessionId' in which
          ? [' and id = $3', [which.sessionId]]
          : 'personId' in which
            ? [' and person_id = $3', [which.personId]]
            : [' and digest = $3', [digestOf(which.secret)]]
    const rows = await this.db.query(
      `update person_sessions set ended_at = $1, ended_by = $2 where ended_at is null${where} returning id`,
      [at, by, ...values],
    )
    return rows.length
  }

  /** Forgets sessions ended or expired more than a day ago. */
  async pruneSessions(at: number) {
    await this.db.query('delete from person_sessions where coalesce(ended_at, expires_at) < $1', [
      at - 86_400_000,
    ])
  }

  // ---- the first administrator ----

  /** Keeps a new one-time code (its digest) for the first administrator; returns the code. */
  async newFirstAdminCode(at: number, lifetimeMs: number): Promise<string> {
    const digits = [...randomBytes(12)].map((b) => String(b % 10)).join('')
    const code = `${digits.slice(0, 4)}-${digits.slice(4, 8)}-${digits.slice(8, 12)}`
    await this.db.query('delete from first_admin_codes where expires_at <= $1', [at])
    await this.db.query('insert into first_admin_codes (digest, expires_at) values ($1, $2)', [
      digestOf(code),
      at + lifetimeMs,
    ])
    return code
  }

  /** Creates the first administrator with a code, in one transaction: the code is used up, and nothing
   * happens if an administrator exists by then. */
  async firstAdmin(
    code: string,
    person: { login: string; name: string; passwordHash: string },
    at: number,
  ): Promise<Person | 'no-code' | 'admin-exists'> {
    return this.db.transaction(async (tx) => {
      await tx.query("select pg_advisory_xact_lock(hashtext('stitchboard-people'))")
      const [exists] = await tx.query<{ yes: boolean }>(
        "select exists (select 1 from people where role = 'admin' and active) as yes",
      )
      if (exists?.yes) return 'admin-exists' as const
      const used = await tx.query(
        'delete from first_admin_codes where digest = $1 and expires_at > $2 returning digest',
        [digestOf(code.trim()), at],
      )
      if (used.length === 0) return 'no-code' as const
      await tx.query('delete from first_admin_codes')
      return this.add({ ...person, role: 'admin', locations: [] }, 'first administrator code', at, tx)
    })
  }
}
