import { useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useAppConfig, useFactoryZone } from '../../api/core/app-config'
import { describeError } from '../../api/core/errors'
import { useWrite } from '../../api/core/use-write'
import {
  addPerson,
  changePerson,
  endSessions,
  PEOPLE_KEY,
  type Person,
  peopleQueryOptions,
  type SessionRow,
  setPin,
} from '../../api/people/people'
import { useT } from '../../components/i18n'
import { QueryState } from '../../components/query-state'
import { ScrollArea } from '../../components/scroll-area'
import { SignInFirst, useMe, useRoleWords } from '../../components/signed-in'
import { Button } from '../../components/ui/button'
import { CheckboxField } from '../../components/ui/checkbox-field'
import { FormErrors } from '../../components/ui/form-errors'
import { SelectField } from '../../components/ui/select-field'
import { TextField } from '../../components/ui/text-field'
import { formatFactoryDate, formatFactoryTime } from '../../lib/factory-time'
import { ROLES, type Role } from '../../lib/roles'
import { OperatorLink } from './operator-link'

const CELL = 'px-2 py-1 text-left align-top'

/** /people: an administrator's list of people with their roles and locations, adding one, changing a role,
 * switching someone off, and the live sessions, each of which can be ended. */
export function PeoplePage() {
  const { t } = useT()
  const me = useMe()
  const admin = me?.person?.role === 'admin'
  const list = useQuery({ ...peopleQueryOptions(), enabled: admin })
  return (
    <section className="space-y-6 p-4" aria-labelledby="people-heading">
      <h1 id="people-heading" className="text-2xl font-semibold">
        {t('people.list.title')}
      </h1>
      <p className="max-w-3xl">{t('people.list.intro')}</p>
      {me && !me.person && (me.accounts ? <SignInFirst /> : <p>{t('people.list.firstAdmin')}</p>)}
      {me?.person && !admin && <p>{t('people.list.adminOnly')}</p>}
      {admin && (
        <QueryState query={list} empty={<p>{t('people.list.none')}</p>}>
          {(data) => (
            <>
              <PeopleTable people={data.people} sessions={data.sessions} />
              <AddPerson />
              <SetPin people={data.people} />
              <OperatorLink people={data.people} />
              <Sessions people={data.people} sessions={data.sessions} />
            </>
          )}
        </QueryState>
      )}
    </section>
  )
}

function useRefresh() {
  const client = useQueryClient()
  return () => client.invalidateQueries({ queryKey: PEOPLE_KEY })
}

function PeopleTable({ people, sessions }: { people: Person[]; sessions: SessionRow[] }) {
  const { t } = useT()
  const role = useRoleWords()
  const refresh = useRefresh()
  const names = useLocationNames()
  const change = useWrite({
    mutationFn: ({ id, ...change }: { id: number; role?: Role; active?: boolean }) =>
      changePerson(id, change),
    onSuccess: refresh,
  })
  const end = useWrite({ mutationFn: (person: number) => endSessions({ person }), onSuccess: refresh })
  return (
    <section aria-labelledby="people-list-heading" className="space-y-2">
      <h2 id="people-list-heading" className="text-xl font-semibold">
        {t('people.list.heading', { count: people.length })}
      </h2>
      <ScrollArea label={t('people.list.heading', { count: people.length })}>
        <table className="min-w-full text-sm">
          <thead>
            <tr className="border-b border-gray-300 dark:border-gray-700">
              <th className={CELL}>{t('people.field.name')}</th>
              <th className={CELL}>{t('people.field.login')}</th>
              <th className={CELL}>{t('people.field.role')}</th>
              <th className={CELL}>{t('people.field.locations')}</th>
              <th className={CELL}>{t('people.list.sessions')}</th>
              <th className={CELL}>{t('people.list.state')}</th>
            </tr>
          </thead>
          <tbody>
            {people.map((p) => {
              const live = sessions.filter((s) => s.personId === p.id).length
              return (
                <tr key={p.id} className="border-b border-gray-200 dark:border-gray-800">
                  <td className={CELL}>{p.name}</td>
                  <td className={CELL}>{p.login}</td>
                  <td className={CELL}>
                    <SelectField
                      label={t('people.list.roleOf', { name: p.name })}
                      labelClassName="sr-only"
                      value={p.role}
                      disabled={change.isPending}
                      onChange={(value) => change.mutate({ id: p.id, role: value as Role })}
                    >
                      {ROLES.map((r) => (
                        <option key={r} value={r}>
                          {role(r)}
                        </option>
                      ))}
                    </SelectField>
                  </td>
                  <td className={CELL}>
                    {p.locations.length === 0
                      ? t('people.list.everywhere')
                      : p.locations
                          .map((id) => names.get(id) ?? t('people.list.location', { id }))
                          .join(', ')}
                  </td>
                  <td className={CELL}>
                    {live}{' '}
                    {live > 0 && (
                      <Button variant="link" onClick={() => end.mutate(p.id)}>
                        {t('people.list.endSessionsOf', { name: p.name })}
                      </Button>
                    )}
                  </td>
                  <td className={CELL}>
                    {p.active ? t('people.list.active') : t('people.list.off')}{' '}
                    <Button variant="link" onClick={() => change.mutate({ id: p.id, active: !p.active })}>
                      {p.active
                        ? t('people.list.switchOff', { name: p.name })
                        : t('people.list.switchOn', { name: p.name })}
                    </Button>
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </ScrollArea>
      <FormErrors
        errors={
          change.isError ? describeError(change.error, t) : end.isError ? describeError(end.error, t) : null
        }
      />
    </section>
  )
}

function useLocationNames(): Map<number, string> {
  const config = useAppConfig()
  return new Map((config.data?.locations ?? []).map((l) => [l.id, l.name]))
}

function AddPerson() {
  const { t } = useT()
  const role = useRoleWords()
  const refresh = useRefresh()
  const config = useAppConfig()
  const [login, setLogin] = useState('')
  const [name, setName] = useState('')
  const [chosenRole, setRole] = useState<Role>('operator')
  const [places, setPlaces] = useState<number[]>([])
  const [password, setPassword] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const write = useWrite({
    mutationFn: addPerson,
    onSuccess: async () => {
      setLogin('')
      setName('')
      setPassword('')
      setPlaces([])
      await refresh()
    },
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!login.trim() || !name.trim() || !password) return setProblem(t('people.add.all'))
    if ([...password].length < 12) return setProblem(t('people.passwordShort'))
    setProblem(null)
    write.mutate({ login: login.trim(), name: name.trim(), role: chosenRole, locations: places, password })
  }
  const locations = config.data?.locations ?? []
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="add-person-heading"
      className="flex max-w-3xl flex-col gap-3 rounded border border-gray-300 p-4 dark:border-gray-700"
    >
      <h2 id="add-person-heading" className="text-xl font-semibold">
        {t('people.add.title')}
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <TextField label={t('people.field.login')} autoComplete="off" value={login} onChange={setLogin} />
        <TextField
          label={t('people.field.name')}
          autoComplete="off"
          maxLength={60}
          value={name}
          onChange={setName}
        />
        <SelectField label={t('people.field.role')} value={chosenRole} onChange={(v) => setRole(v as Role)}>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {role(r)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('people.field.newPassword')}
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
        />
      </div>
      {locations.length > 0 && (chosenRole === 'operator' || chosenRole === 'supervisor') && (
        <fieldset className="flex flex-wrap gap-x-4 gap-y-1">
          <legend className="font-medium">{t('people.add.locations')}</legend>
          {locations.map((l) => (
            <CheckboxField
              key={l.id}
              label={l.name}
              checked={places.includes(l.id)}
              onChange={(on) => setPlaces((p) => (on ? [...p, l.id] : p.filter((id) => id !== l.id)))}
            />
          ))}
        </fieldset>
      )}
      <div>
        <Button type="submit" variant="primary" disabled={write.isPending}>
          {t('people.add.submit')}
        </Button>
      </div>
      <FormErrors errors={problem ?? (write.isError ? describeError(write.error, t) : null)} />
      {!problem && write.isSuccess && <p role="status">{t('people.add.done')}</p>}
    </form>
  )
}

/** A person's PIN (4–8 digits) or badge number, for the shared floor devices; never shown again. */
function SetPin({ people }: { people: Person[] }) {
  const { t } = useT()
  const [id, setId] = useState(String(people[0]?.id ?? ''))
  const [pin, setPinText] = useState('')
  const [badge, setBadge] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const write = useWrite({
    mutationFn: ({ person, ...body }: { person: number; pin?: string; badge?: string }) =>
      setPin(person, body),
    onSuccess: () => {
      setPinText('')
      setBadge('')
    },
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (pin && !/^\d{4,8}$/.test(pin)) return setProblem(t('people.pin.digits'))
    if (!pin && !badge.trim()) return setProblem(t('people.pin.one'))
    setProblem(null)
    write.mutate({
      person: Number(id),
      ...(pin ? { pin } : {}),
      ...(badge.trim() ? { badge: badge.trim() } : {}),
    })
  }
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="set-pin-heading"
      className="flex max-w-3xl flex-col gap-3 rounded border border-gray-300 p-4 dark:border-gray-700"
    >
      <h2 id="set-pin-heading" className="text-xl font-semibold">
        {t('people.pin.title')}
      </h2>
      <p>{t('people.pin.intro')}</p>
      <div className="flex flex-wrap items-end gap-3">
        <SelectField label={t('people.field.name')} value={id} onChange={setId}>
          {people.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('people.pin.pin')}
          type="password"
          inputMode="numeric"
          autoComplete="new-password"
          maxLength={8}
          value={pin}
          onChange={setPinText}
        />
        <TextField
          label={t('people.pin.badge')}
          autoComplete="off"
          maxLength={64}
          value={badge}
          onChange={setBadge}
        />
        <Button type="submit" variant="primary" disabled={write.isPending}>
          {t('people.pin.submit')}
        </Button>
      </div>
      <FormErrors errors={problem ?? (write.isError ? describeError(write.error, t) : null)} />
      {!problem && write.isSuccess && <p role="status">{t('people.pin.done')}</p>}
    </form>
  )
}

function Sessions({ people, sessions }: { people: Person[]; sessions: SessionRow[] }) {
  const { t } = useT()
  const timeZone = useFactoryZone()
  const refresh = useRefresh()
  const end = useWrite({ mutationFn: endSessions, onSuccess: refresh })
  const nameOf = (id: number) => people.find((p) => p.id === id)?.name ?? String(id)
  const when = (at: number) => `${formatFactoryDate(at, timeZone)} ${formatFactoryTime(at, timeZone, false)}`
  return (
    <section aria-labelledby="sessions-heading" className="space-y-2">
      <h2 id="sessions-heading" className="text-xl font-semibold">
        {t('people.sessions.heading', { count: sessions.length })}
      </h2>
      {sessions.length > 0 && (
        <ScrollArea label={t('people.sessions.heading', { count: sessions.length })}>
          <table className="min-w-full text-sm">
            <thead>
              <tr className="border-b border-gray-300 dark:border-gray-700">
                <th className={CELL}>{t('people.field.name')}</th>
                <th className={CELL}>{t('people.sessions.since')}</th>
                <th className={CELL}>{t('people.sessions.seen')}</th>
                <th className={CELL}>{t('people.sessions.from')}</th>
                <th className={CELL}>
                  <span className="sr-only">{t('people.sessions.end')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {sessions.map((s) => (
                <tr key={s.id} className="border-b border-gray-200 dark:border-gray-800">
                  <td className={CELL}>
                    {nameOf(s.personId)}
                    {s.yours && ` (${t('people.sessions.yours')})`}
                  </td>
                  <td className={CELL}>{when(s.createdAt)}</td>
                  <td className={CELL}>{when(s.seenAt)}</td>
                  <td className={`${CELL} break-all`}>
                    {s.address}
                    {s.agent && (
                      <span className="block text-xs text-gray-700 dark:text-gray-300">{s.agent}</span>
                    )}
                  </td>
                  <td className={CELL}>
                    <Button variant="link" onClick={() => end.mutate({ session: s.id })}>
                      {t('people.sessions.endOne', { name: nameOf(s.personId) })}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollArea>
      )}
      <Button onClick={() => end.mutate('all')} disabled={end.isPending || sessions.length === 0}>
        {t('people.sessions.endAll')}
      </Button>
      <FormErrors errors={end.isError ? describeError(end.error, t) : null} />
    </section>
  )
}
