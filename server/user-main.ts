import { userInfo } from 'node:os'
import { parseArgs } from 'node:util'
import { isRole, ROLES, type Role } from '../src/lib/roles'
import { AuditLog } from './audit/log'
import { ConfigError, loadConfig } from './config'
import { migrate } from './history/migrations'
import { openBeside } from './history/open'
import { hashPassword, passwordProblem } from './people/passwords'
import { PeopleError, PeopleStore } from './people/store'

/** `npm run user -- <command>` (docs/people.md): people on the database the server's settings name, also
 * while it runs. The password is read from the terminal (twice, not shown) or, piped, from the first line
 * of the input. Every change is kept in the audit log as the system user's. */
const USAGE = `usage: npm run user -- add --login <login> --name "<name>" --role <${ROLES.join('|')}> [--locations 1,2]
       npm run user -- password --login <login>
       npm run user -- list
       npm run user -- end-sessions [--login <login>]`

const who = () => `${userInfo().username} (command)`

async function run(argv: string[]): Promise<string> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      login: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string' },
      locations: { type: 'string' },
    },
  })
  const [command, ...rest] = positionals
  if (!command || rest.length > 0 || !['add', 'password', 'list', 'end-sessions'].includes(command))
    throw new Error(USAGE)
  // what is asked is checked before the database is opened or a password asked for
  if (command === 'add') {
    if (!values.login || !values.name || !values.role) throw new Error(USAGE)
    if (!isRole(values.role)) throw new Error(`--role must be one of ${ROLES.join(', ')}`)
  }
  if (command === 'password' && !values.login) throw new Error(USAGE)
  const locations = (values.locations ?? '')
    .split(',')
    .filter((l) => l.trim() !== '')
    .map((l) => {
      if (!/^\d{1,9}$/.test(l.trim()))
        throw new Error(`--locations must be location numbers such as 1,2 (not "${l}")`)
      return Number(l)
    })
  const password = command === 'add' || command === 'password' ? await askPassword() : ''
  if (password) {
    const weak = passwordProblem(password)
    if (weak) throw new Error(`the password is not taken: ${weak}`)
  }

  const config = loadConfig()
  const db = await openBeside(config, (line) => console.info(line))
  try {
    await migrate(db)
    const people = new PeopleStore(db)
    const audit = new AuditLog(db, () => {})
    const at = Date.now()
    const keep = (event: string, target: string, detail: Record<string, unknown> = {}) =>
      audit.record({
        at,
        actor: who(),
        actorId: null,
        role: null,
        via: 'command',
        address: '',
        category: event.includes('session') ? 'access' : 'people',
        event,
        target,
        result: 'ok',
        status: 0,
        detail,
      })
    if (command === 'list') return listOf(await people.list())
    if (command === 'end-sessions') {
      const person = values.login ? await byLogin(people, values.login) : null
      const ended = await people.endSessions(person ? { personId: person.id } : 'all', at, who())
      await keep(person ? "person's sessions ended" : 'every session ended', person?.login ?? '', { ended })
      return `stitchboard: ${ended} session${ended === 1 ? '' : 's'} ended`
    }
    if (command === 'password') {
      const person = await byLogin(people, values.login!)
      await people.change(person.id, { passwordHash: await hashPassword(password) }, at)
      await keep('password set', person.login)
      return `stitchboard: a new password for ${person.login}`
    }
    const person = await people.add(
      {
        login: values.login!.trim(),
        name: values.name!.trim(),
        role: values.role as Role,
        locations,
        passwordHash: await hashPassword(password),
      },
      who(),
      at,
    )
    await keep('person added', person.login, {
      asked: { login: person.login, name: person.name, role: person.role, locations },
    })
    return `stitchboard: ${person.login} (${person.name}) added as ${person.role}`
  } catch (error) {
    if (error instanceof PeopleError) throw new Error(error.message)
    throw error
  } finally {
    await db.close()
  }
}

async function byLogin(people: PeopleStore, login: string) {
  const found = await people.withPassword(login)
  if (!found) throw new Error(`no one has the login "${login}"`)
  return found.person
}

const listOf = (list: Awaited<ReturnType<PeopleStore['list']>>) =>
  list.length === 0
    ? 'stitchboard: no people yet'
    : list
        .map(
          (p) =>
            `${p.login}\t${p.name}\t${p.role}${p.locations.length ? ` (locations ${p.locations.join(', ')})` : ''}${p.active ? '' : '\tswitched off'}`,
        )
        .join('\n')

/** The password: from the terminal twice without echo, or the first line of piped input. */
async function askPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    let text = ''
    for await (const chunk of process.stdin) {
      text += chunk
      if (text.includes('\n') || text.length > 1000) break
    }
    return text.split(/\r?\n/)[0] ?? ''
  }
  const first = await hidden('Password: ')
  const again = await hidden('Once more: ')
  if (first !== again) throw new Error('the two passwords differ')
  return first
}

function hidden(prompt: string): Promise<string> {
  return new Promise((resolve, reject) => {
    process.stdout.write(prompt)
    const input = process.stdin
    input.setRawMode(true)
    input.resume()
    input.setEncoding('utf8')
    let typed = ''
    const done = (error?: Error) => {
      input.setRawMode(false)
      input.pause()
      input.off('data', onData)
      process.stdout.write('\n')
      if (error) reject(error)
      else resolve(typed)
    }
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') return done()
        if (ch === '\u0003') return done(new Error('stopped'))
        if (ch === '\u007f' || ch === '\b') typed = typed.slice(0, -1)
        else if (typed.length < 1000) typed += ch
      }
    }
    input.on('data', onData)
  })
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => process.exit(130))

run(process.argv.slice(2)).then(
  (summary) => console.info(summary),
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error)
    const line =
      error instanceof ConfigError ? `configuration error: ${message.split('\n').join('; ')}` : message
    console.error(message.startsWith('usage:') ? message : `stitchboard: ${line}`)
    process.exitCode = 1
  },
)
