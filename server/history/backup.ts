// One piece: the backup's format, written by one half and read by the other; apart, they would drift.
import {
  chmodSync,
  closeSync,
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { dirname } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { StringDecoder } from 'node:string_decoder'
import { createGunzip, createGzip } from 'node:zlib'
import * as z from 'zod'
import type { Db, Tx } from './db'
import { applyMigrations, holdSchemaLock, SCHEMA_VERSION } from './migrations'

/**
 * A backup of the machine history (`npm run backup` / `npm run restore`, docs/deployment.md "Backups
 * and restores"): one gzip file of JSON lines, written and read through the `Db` interface alone, so one
 * file moves a history between the embedded database and a PostgreSQL server either way.
 *
 *   {"format":"stitchboard-backup","formatVersion":1,"schemaVersion":3,…}   the header
 *   ["table","state_intervals"]                                            a table, parents first
 *   {"id":1,"machine_id":"A",…}                                            its rows, one a line
 *   ["sessions","{…}"]                                                     DATA_DIR/sessions.json, if any
 *   ["end",{"rows":{"state_intervals":1234,…}}]                            what was written
 *
 * Rows are objects and every other line an array, so no column name can pass for a section. The end line
 * says the file is whole, whatever else a cut file still decompresses to.
 */

export const BACKUP_FORMAT = 'stitchboard-backup'
export const BACKUP_FORMAT_VERSION = 1

/** A backup that cannot be written or restored, in one sentence that says what to do. */
export class BackupError extends Error {
  override name = 'BackupError'
}

export interface BackupResult {
  /** the schema version the rows are of */
  schemaVersion: number
  /** rows per table, in the file's order */
  rows: Record<string, number>
  /** whether the sessions file is in the backup */
  sessions: boolean
}

const header = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.number().int(),
  schemaVersion: z.number().int().min(1),
  createdAt: z.string(),
  tables: z.array(z.object({ name: z.string(), columns: z.array(z.string()) })),
  /** each bigserial's value when the backup was taken: a restore never hands out an id again that the
   * history once used (an alert's id is in the links of the messages sent about it) */
  sequences: z.array(z.object({ table: z.string(), column: z.string(), lastValue: z.string().nullable() })),
  sessions: z.boolean(),
})
type Header = z.infer<typeof header>

const end = z.object({ rows: z.record(z.string(), z.number().int().min(0)) })

interface Table {
  name: string
  columns: string[]
  /** the primary key, with each column's type (the key of the last row read is cast back to it) */
  key: Array<{ name: string; type: string }>
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`
const qualified = (table: string) => `public.${quote(table)}`

/** Every base table in the schema public, schema_migrations aside (its version is the header's). */
async function tableNames(tx: Tx): Promise<string[]> {
  const rows = await tx.query<{ table_name: string }>(
    `select table_name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )
  return rows.map((r) => r.table_name)
}

/** The data tables with their columns and keys, each after the tables its foreign keys refer to (restored
 * in this order, every reference finds its row). */
async function dataTables(tx: Tx): Promise<Table[]> {
  const names = (await tableNames(tx)).filter((name) => name !== 'schema_migrations')
  const columns = await tx.query<{ table_name: string; column_name: string }>(
    `select table_name, column_name from information_schema.columns
     where table_schema = 'public' order by table_name, ordinal_position`,
  )
  const keys = await tx.query<{ table_name: string; column_name: string; type: string }>(
    `select c.relname as table_name, a.attname as column_name, format_type(a.atttypid, a.atttypmod) as type
     from pg_index i
     join pg_class c on c.oid = i.indrelid
     join pg_namespace n on n.oid = c.relnamespace
     join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
     where n.nspname = 'public' and i.indisprimary
     order by c.relname, array_position(i.indkey::int2[], a.attnum)`,
  )
  const links = await tx.query<{ child: string; parent: string }>(
    `select ch.relname as child, pa.relname as parent
     from pg_constraint k
     join pg_class ch on ch.oid = k.conrelid
     join pg_class pa on pa.oid = k.confrelid
     join pg_namespace n on n.oid = ch.relnamespace
     where k.contype = 'f' and n.nspname = 'public'`,
  )
  const tables = names.map(
    (name): Table => ({
      name,
      columns: columns.filter((c) => c.table_name === name).map((c) => c.column_name),
      key: keys.filter((k) => k.table_name === name).map((k) => ({ name: k.column_name, type: k.type })),
    }),
  )
  const ordered: Table[] = []
  const placed = new Set<string>()
  while (ordered.length < tables.length) {
    const ready = tables.filter(
      (t) =>
        !placed.has(t.name) &&
        links.every(
          (l) =>
            l.child !== t.name || l.parent === t.name || placed.has(l.parent) || !names.includes(l.parent),
        ),
    )
    if (ready.length === 0)
      throw new BackupError(
        `the tables ${tables
          .filter((t) => !placed.has(t.name))
          .map((t) => t.name)
          .join(', ')} refer to each other in a circle: no order restores them`,
      )
    for (const t of ready) {
      ordered.push(t)
      placed.add(t.name)
    }
  }
  return ordered
}

/** The columns a sequence numbers (bigserial), with the sequence. */
async function serialColumns(tx: Tx): Promise<Array<{ table: string; column: string; sequence: string }>> {
  const rows = await tx.query<{ table_name: string; column_name: string; sequence: string }>(
    `select table_name, column_name, sequence from (
       select table_name, column_name,
         pg_get_serial_sequence(format('%I.%I', table_schema, table_name), column_name) as sequence
       from information_schema.columns where table_schema = 'public') c
     where sequence is not null order by table_name, column_name`,
  )
  return rows.map((r) => ({ table: r.table_name, column: r.column_name, sequence: r.sequence }))
}

/** The sessions file's text, or null when there is none. */
function readSessions(path: string | undefined): string | null {
  if (!path) return null
  try {
    return readFileSync(path, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') return null
    throw new BackupError(`the sessions file ${path} cannot be read (${code ?? String(error)})`)
  }
}

/** Writes the backup of `db` to `file` (a new file; never one that exists). Every table is read in pages
 * of `pageRows` by its primary key, all in one snapshot: the backup is the history as it was at one
 * instant, however long it takes and whatever a running stitchboard writes meanwhile. The file appears
 * under its name only when complete, readable by its owner only (it holds the channels' addresses). */
export async function exportHistory(
  db: Db,
  file: string,
  options: { sessionsFile?: string; pageRows?: number; now?: () => number } = {},
): Promise<BackupResult & { bytes: number }> {
  const pageRows = options.pageRows ?? 5000
  if (existsSync(file))
    throw new BackupError(`${file} exists already: a backup never overwrites a file; give a new file name`)
  const sessions = readSessions(options.sessionsFile)
  const partial = `${file}.partial`
  const rows: Record<string, number> = {}
  let schemaVersion = 0
  try {
    // one left by a backup that was killed: made anew, with the owner-only mode
    rmSync(partial, { force: true })
    await db.transaction(async (tx) => {
      // the first statement: the snapshot is taken at the first query after it
      await tx.query('set transaction isolation level repeatable read')
      const names = await tableNames(tx)
      if (!names.includes('schema_migrations'))
        throw new BackupError(
          'the database holds no stitchboard history (it has no schema_migrations table): check DATA_DIR or DATABASE_URL',
        )
      const [version] = await tx.query<{ version: number | null }>(
        'select max(version) as version from schema_migrations',
      )
      schemaVersion = Number(version?.version ?? 0)
      const tables = await dataTables(tx)
      for (const table of tables)
        if (table.key.length === 0)
          throw new BackupError(
            `the table ${table.name} has no primary key: the backup reads every table in pages by it`,
          )
      // read after the snapshot began: each is at least every id the snapshot holds
      const sequences: Header['sequences'] = []
      for (const s of await serialColumns(tx)) {
        const [row] = await tx.query<{ value: string | null }>(
          'select pg_sequence_last_value($1::regclass)::text as value',
          [s.sequence],
        )
        sequences.push({ table: s.table, column: s.column, lastValue: row?.value ?? null })
      }
      const head: Header = {
        format: BACKUP_FORMAT,
        formatVersion: BACKUP_FORMAT_VERSION,
        schemaVersion,
        createdAt: new Date(options.now?.() ?? Date.now()).toISOString(),
        tables: tables.map((t) => ({ name: t.name, columns: t.columns })),
        sequences,
        sessions: sessions !== null,
      }
      async function* lines() {
        yield `${JSON.stringify(head)}\n`
        for (const table of tables) {
          yield `${JSON.stringify(['table', table.name])}\n`
          const key = table.key.map((k) => `r.${quote(k.name)}`)
          const select = `select row_to_json(r)::text as row, ${key.map((k, i) => `${k}::text as k${i}`).join(', ')}
            from ${qualified(table.name)} r`
          const order = `order by ${key.join(', ')} limit ${pageRows}`
          const after = `where (${key.join(', ')}) > (${table.key.map((k, i) => `$${i + 1}::${k.type}`).join(', ')})`
          let read = 0
          let last: string[] | null = null
          for (;;) {
            const page: Array<Record<string, string>> = await tx.query<Record<string, string>>(
              last ? `${select} ${after} ${order}` : `${select} ${order}`,
              last ?? [],
            )
            if (page.length === 0) break
            let text = ''
            for (const r of page) {
              // a json (not jsonb) column keeps its own line breaks in row_to_json: the schema has none,
              // and one would cut the row in two, so it is refused rather than written
              if (r.row!.includes('\n'))
                throw new BackupError(
                  `a row of the table ${table.name} holds a line break outside its strings (a json column): the backup cannot write it`,
                )
              text += `${r.row}\n`
            }
            yield text
            read += page.length
            const lastRow = page[page.length - 1]!
            last = table.key.map((_, i) => lastRow[`k${i}`]!)
            if (page.length < pageRows) break
          }
          rows[table.name] = read
        }
        if (sessions !== null) yield `${JSON.stringify(['sessions', sessions])}\n`
        yield `${JSON.stringify(['end', { rows }])}\n`
      }
      await pipeline(lines, createGzip(), createWriteStream(partial, { mode: 0o600 }))
    })
    if (existsSync(file))
      throw new BackupError(`${file} appeared while the backup was written: it is left as it is`)
    renameSync(partial, file)
  } catch (error) {
    rmSync(partial, { force: true })
    if (error instanceof BackupError) throw error
    throw new BackupError(
      `the backup to ${file} failed (${error instanceof Error ? error.message : String(error)}); nothing was written`,
    )
  }
  return { schemaVersion, rows, sessions: sessions !== null, bytes: statSync(file).size }
}

/** The lines of a gzip file, each without its line break; a file that is not gzip, or is cut or damaged,
 * is a BackupError naming it. A line is held whole (one row), never the file. */
async function* readLines(file: string): AsyncGenerator<string> {
  // gzip's two magic bytes tell a file that is no backup from a backup that zlib cannot read to its end
  let magic: Buffer
  try {
    magic = readFileHead(file, 2)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    throw new BackupError(code === 'ENOENT' ? `${file} does not exist` : `${file} cannot be read (${code})`)
  }
  if (magic.length < 2 || magic[0] !== 0x1f || magic[1] !== 0x8b)
    throw new BackupError(`${file} is not a stitchboard backup (it is not a gzip file)`)
  const input = createReadStream(file)
  const gunzip = createGunzip()
  input.on('error', (error) => gunzip.destroy(error))
  input.pipe(gunzip)
  const decoder = new StringDecoder('utf8')
  let pieces: string[] = []
  try {
    for await (const chunk of gunzip) {
      const text = decoder.write(chunk as Buffer)
      let start = 0
      for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', start)) {
        pieces.push(text.slice(start, at))
        yield pieces.join('')
        pieces = []
        start = at + 1
      }
      if (start < text.length) pieces.push(text.slice(start))
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code?.startsWith('Z_'))
      throw new BackupError(
        `${file} is damaged or cut short (${(error as Error).message}): nothing was restored`,
      )
    throw new BackupError(`${file} cannot be read (${code ?? (error as Error).message})`)
  } finally {
    input.destroy()
    gunzip.destroy()
  }
  const rest = pieces.join('') + decoder.end()
  if (rest) yield rest
}

function readFileHead(file: string, bytes: number): Buffer {
  const fd = openSync(file, 'r')
  try {
    const head = Buffer.alloc(bytes)
    return head.subarray(0, readSync(fd, head, 0, bytes, 0))
  } finally {
    closeSync(fd)
  }
}

/** The header of a backup, or the sentence why `file` is none this stitchboard can restore. */
function readHeader(file: string, line: string | undefined): Header {
  let value: unknown
  try {
    value = JSON.parse(line ?? '')
  } catch {
    // not JSON: not a backup
  }
  const format = (value as { format?: unknown } | null)?.format
  if (format !== BACKUP_FORMAT)
    throw new BackupError(`${file} is not a stitchboard backup (it does not begin with a backup's header)`)
  const { formatVersion, schemaVersion } = value as { formatVersion?: unknown; schemaVersion?: unknown }
  if (typeof formatVersion === 'number' && formatVersion > BACKUP_FORMAT_VERSION)
    throw new BackupError(
      `${file} was written by a newer stitchboard (backup format ${formatVersion}; this one reads ${BACKUP_FORMAT_VERSION}): restore it with that stitchboard`,
    )
  if (typeof schemaVersion === 'number' && schemaVersion > SCHEMA_VERSION)
    throw new BackupError(
      `${file} holds schema version ${schemaVersion}, newer than this stitchboard knows (${SCHEMA_VERSION}): restore it with the stitchboard that wrote it, or a newer one`,
    )
  const parsed = header.safeParse(value)
  if (!parsed.success) throw new BackupError(`${file} is damaged: its header is not a backup's header`)
  return parsed.data
}

/** Writes the sessions file as stitchboard does (./session-file.ts): owner-only, atomically. */
function writeSessions(path: string, text: string) {
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(`${path}.tmp`, text, { mode: 0o600 })
  chmodSync(`${path}.tmp`, 0o600)
  renameSync(`${path}.tmp`, path)
}

/**
 * Restores the backup in `file` into `db`, which must hold no history: every data table empty (a row with
 * nothing but its key, as the migrations make the watcher's, counts as empty), at a schema version no
 * newer than the backup's. All in one transaction: the database is brought to the backup's schema version,
 * the rows are inserted in batches of `batchRows` (parents first), each sequence is set past the ids it
 * handed out, and the later migrations are applied; any failure leaves the database as it was. The
 * sessions are written to `sessionsFile` (which must not exist) once the rows are committed.
 */
export async function importHistory(
  db: Db,
  file: string,
  options: { sessionsFile?: string; batchRows?: number } = {},
): Promise<BackupResult & { migratedTo: number }> {
  const batchRows = options.batchRows ?? 2000
  // a batch is one parameter: bounded in bytes too (a row of latest_machines is a whole /machines answer)
  const batchBytes = 8 * 1024 * 1024
  const lines = readLines(file)
  try {
    const head = readHeader(file, (await lines.next()).value ?? undefined)
    if (head.sessions && options.sessionsFile && existsSync(options.sessionsFile))
      throw new BackupError(
        `${options.sessionsFile} exists: restore into an empty data folder (move that file away first)`,
      )
    const damaged = (what: string) => new BackupError(`${file} is damaged (${what}): nothing was restored`)
    const { sessions, migratedTo, rows } = await db.transaction(async (tx) => {
      await holdSchemaLock(tx, db.kind)
      const existing = await tableNames(tx)
      if (existing.length > 0) {
        // no stitchboard writes into the tables while they are checked and filled
        await tx.exec(`lock table ${existing.map(qualified).join(', ')} in exclusive mode`)
        for (const table of await dataTables(tx)) {
          const [held] = await tx.query<{ rows: string }>(
            `select count(*)::text as rows from ${qualified(table.name)} r
             where exists (select 1 from jsonb_each(to_jsonb(r)) c
                           where c.value <> 'null'::jsonb and c.key <> all($1::text[]))`,
            [table.key.map((k) => k.name)],
          )
          if (Number(held?.rows) > 0)
            throw new BackupError(
              `the database is not empty (the table ${table.name} holds ${held!.rows} row${held!.rows === '1' ? '' : 's'}): restore into an empty data folder or database`,
            )
        }
      }
      if (existing.includes('schema_migrations')) {
        const [row] = await tx.query<{ version: number | null }>(
          'select max(version) as version from schema_migrations',
        )
        const version = Number(row?.version ?? 0)
        if (version > head.schemaVersion)
          throw new BackupError(
            `the database has schema version ${version}, newer than the backup's (${head.schemaVersion}): restore into an empty data folder or database that no newer stitchboard has started on`,
          )
      }
      await applyMigrations(tx, db.kind, { upTo: head.schemaVersion })

      const here = new Map((await dataTables(tx)).map((t) => [t.name, t]))
      for (const table of head.tables) {
        const columns = here.get(table.name)?.columns
        if (!columns)
          throw new BackupError(
            `${file} holds the table ${table.name}, which schema version ${head.schemaVersion} of stitchboard does not have: nothing was restored`,
          )
        if (columns.join() !== table.columns.join())
          throw new BackupError(
            `${file} holds the table ${table.name} with the columns ${table.columns.join(', ')}, and schema version ${head.schemaVersion} has ${columns.join(', ')}: nothing was restored`,
          )
      }
      // what the migrations put in (the watcher's row) makes way for the backup's; children first
      for (const table of [...head.tables].reverse()) await tx.query(`delete from ${qualified(table.name)}`)

      const rows: Record<string, number> = {}
      let table: string | null = null
      let batch: string[] = []
      let bytes = 0
      const flush = async () => {
        if (!table || batch.length === 0) return
        const from = rows[table]! + 1
        try {
          await tx.query(
            `insert into ${qualified(table)} select * from json_populate_recordset(null::${qualified(table)}, $1::json)`,
            [`[${batch.join(',')}]`],
          )
        } catch (error) {
          throw new BackupError(
            `the table ${table}'s rows ${from}–${from + batch.length - 1} of ${file} cannot be restored (${(error as Error).message}): nothing was restored`,
          )
        }
        rows[table]! += batch.length
        batch = []
        bytes = 0
      }
      let sessions: string | null = null
      let ended: z.infer<typeof end> | null = null
      for await (const line of lines) {
        if (line.startsWith('{')) {
          if (!table) throw damaged('a row before any table')
          batch.push(line)
          bytes += line.length
          if (batch.length >= batchRows || bytes >= batchBytes) await flush()
          continue
        }
        await flush()
        let section: unknown
        try {
          section = JSON.parse(line)
        } catch {
          throw damaged(`a line that is neither a row nor a section: ${line.slice(0, 60)}`)
        }
        const [kind, value] = Array.isArray(section) ? section : []
        if (kind === 'table') {
          if (typeof value !== 'string' || !head.tables.some((t) => t.name === value) || value in rows)
            throw damaged(`a table its header does not name, or twice: ${String(value)}`)
          table = value
          rows[table] = 0
        } else if (kind === 'sessions' && typeof value === 'string') {
          sessions = value
        } else if (kind === 'end') {
          const parsed = end.safeParse(value)
          if (!parsed.success) throw damaged('its last line')
          ended = parsed.data
          break
        } else throw damaged(`an unknown section: ${line.slice(0, 60)}`)
      }
      if (!ended)
        throw new BackupError(`${file} is cut short (it ends before its last line): nothing was restored`)
      for (const t of head.tables)
        if ((rows[t.name] ?? 0) !== (ended.rows[t.name] ?? 0))
          throw damaged(
            `the table ${t.name} has ${rows[t.name] ?? 0} rows, and the backup says ${ended.rows[t.name] ?? 0}`,
          )
      if (head.sessions && sessions === null) throw damaged('its header names sessions it does not hold')

      // every sequence past both the ids restored and those the history had handed out
      for (const s of await serialColumns(tx)) {
        const saved = head.sequences.find((h) => h.table === s.table && h.column === s.column)
        await tx.query(
          `select setval($1::regclass, greatest(v, 1), v > 0)
           from (select greatest(coalesce(max(${quote(s.column)}), 0), coalesce($2::bigint, 0)) as v
                 from ${qualified(s.table)}) m`,
          [s.sequence, saved?.lastValue ?? null],
        )
      }
      const applied = await applyMigrations(tx, db.kind)
      return { sessions, migratedTo: Math.max(head.schemaVersion, ...applied), rows }
    })
    if (sessions !== null && options.sessionsFile) {
      try {
        writeSessions(options.sessionsFile, sessions)
      } catch (error) {
        throw new BackupError(
          `the history is restored, but the sessions cannot be written to ${options.sessionsFile} (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
        )
      }
    }
    return { schemaVersion: head.schemaVersion, migratedTo, rows, sessions: sessions !== null }
  } finally {
    await lines.return(undefined)
  }
}
