import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { appUrl } from '../../api/core/base-path'
import { describeError, HttpError } from '../../api/core/errors'
import { useWrite } from '../../api/core/use-write'
import { firstAdmin, PEOPLE_KEY, signIn, signOut } from '../../api/people/people'
import { useT } from '../../components/i18n'
import { useMe, useRoleWords } from '../../components/signed-in'
import { Button } from '../../components/ui/button'
import { FormErrors } from '../../components/ui/form-errors'
import { TextField } from '../../components/ui/text-field'
import { pathOfThisApp } from '../../lib/base-path'
import type { MessageKey, Translator } from '../../lib/i18n/translator'

const BOX = 'flex max-w-md flex-col gap-3 rounded border border-gray-300 p-4 dark:border-gray-700'

/** A refusal of the sign-in in words. */
function signInError(error: unknown, t: Translator['t']): string {
  if (error instanceof HttpError && error.status === 401) return t('people.signIn.wrong')
  if (error instanceof HttpError && error.status === 429) return t('people.signIn.tooMany')
  if (error instanceof HttpError && error.status === 503) return t('people.signIn.notReady')
  return describeError(error, t)
}

/** /sign-in: signing in with a login and a password; once signed in, who you are and signing out; while
 * stitchboard has no administrator, the first one made with the code the server printed. */
export function SignInPage() {
  const { t } = useT()
  const me = useMe()
  const role = useRoleWords()
  const client = useQueryClient()
  const navigate = useNavigate()
  const [search] = useSearchParams()
  const next = pathOfThisApp(search.get('next'), '/machines')
  const signedIn = async () => {
    await client.invalidateQueries({ queryKey: PEOPLE_KEY })
    // every page's "can change" depends on who asks
    await client.invalidateQueries()
    navigate(next)
  }
  const out = useWrite({
    mutationFn: signOut,
    // a fresh page: nothing this browser may no longer see stays on it, and nothing asks for it again
    onSuccess: () => window.location.assign(appUrl('/sign-in')),
  })
  return (
    <section className="space-y-4 p-4" aria-labelledby="sign-in-heading">
      <h1 id="sign-in-heading" className="text-2xl font-semibold">
        {me?.person ? t('people.account.title') : t('people.signIn.title')}
      </h1>
      {me?.person ? (
        <div className={BOX}>
          <p>
            {t('people.account.who', {
              name: me.person.name,
              login: me.person.login,
              role: role(me.person.role),
            })}
          </p>
          {(me.person.role === 'admin' || me.person.role === 'supervisor') && (
            <ul className="list-disc pl-5">
              <li>
                <Link className="underline" to="/devices">
                  {t('people.account.devices')}
                </Link>
              </li>
              {me.person.role === 'admin' && (
                <>
                  <li>
                    <Link className="underline" to="/people">
                      {t('people.account.people')}
                    </Link>
                  </li>
                  <li>
                    <Link className="underline" to="/audit">
                      {t('people.account.audit')}
                    </Link>
                  </li>
                </>
              )}
            </ul>
          )}
          <div>
            <Button variant="primary" disabled={out.isPending} onClick={() => out.mutate(undefined)}>
              {t('people.account.signOut')}
            </Button>
          </div>
          <FormErrors errors={out.isError ? describeError(out.error, t) : null} />
        </div>
      ) : (
        <>
          <OidcFailed failure={search.get('failed')} />
          {me?.oidc && (
            <p>
              <a
                className="inline-flex min-h-11 items-center rounded bg-gray-900 px-4 font-semibold text-white hover:bg-gray-700 dark:bg-gray-100 dark:text-gray-950 dark:hover:bg-gray-300"
                href={appUrl(`/api/auth/oidc/start?next=${encodeURIComponent(next)}`)}
              >
                {t('people.oidc.button', { provider: me.oidc })}
              </a>
            </p>
          )}
          {me?.oidc && <p>{t('people.oidc.or')}</p>}
          <SignInForm onDone={signedIn} />
          {me?.accounts && !me.device && (
            <p className="max-w-2xl">
              {t('people.signIn.enrolInstead')}{' '}
              <Link className="underline" to={`/enrol?next=${encodeURIComponent(next)}`}>
                {t('people.signIn.enrolLink')}
              </Link>
            </p>
          )}
        </>
      )}
      {me && !me.accounts && !me.person && <FirstAdminForm onDone={signedIn} />}
      {me && !me.accounts && <p className="max-w-2xl">{t('people.signIn.noAccountsYet')}</p>}
    </section>
  )
}

const OIDC_FAILURES: Readonly<Record<string, MessageKey>> = {
  state: 'people.oidc.failed.state',
  denied: 'people.oidc.failed.denied',
  issuer: 'people.oidc.failed.checks',
  audience: 'people.oidc.failed.checks',
  nonce: 'people.oidc.failed.checks',
  signature: 'people.oidc.failed.checks',
  expired: 'people.oidc.failed.checks',
  unreachable: 'people.oidc.failed.unreachable',
  'switched-off': 'people.oidc.failed.switchedOff',
  failed: 'people.oidc.failed.other',
}

/** Why the identity provider's sign-in did not end signed in (the server sent the browser back here). */
function OidcFailed({ failure }: { failure: string | null }) {
  const { t } = useT()
  if (!failure) return null
  return (
    <p role="alert" className="max-w-2xl rounded border border-red-700 p-2 dark:border-red-400">
      {t(OIDC_FAILURES[failure] ?? 'people.oidc.failed.other')}
    </p>
  )
}

function SignInForm({ onDone }: { onDone: () => Promise<void> }) {
  const { t } = useT()
  const [login, setLogin] = useState('')
  const [password, setPassword] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const write = useWrite({
    mutationFn: ({ login, password }: { login: string; password: string }) => signIn(login, password),
    onSuccess: onDone,
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!login.trim() || !password) return setProblem(t('people.signIn.both'))
    setProblem(null)
    write.mutate({ login: login.trim(), password })
  }
  return (
    <form onSubmit={submit} className={BOX} aria-label={t('people.signIn.title')} noValidate>
      <TextField label={t('people.field.login')} autoComplete="username" value={login} onChange={setLogin} />
      <TextField
        label={t('people.field.password')}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
      />
      <div>
        <Button type="submit" variant="primary" disabled={write.isPending}>
          {t('people.signIn.submit')}
        </Button>
      </div>
      <FormErrors errors={problem ?? (write.isError ? signInError(write.error, t) : null)} />
    </form>
  )
}

/** The first administrator, with the one-time code the server printed at its start. */
function FirstAdminForm({ onDone }: { onDone: () => Promise<void> }) {
  const { t } = useT()
  const [code, setCode] = useState('')
  const [login, setLogin] = useState('')
  const [name, setName] = useState('')
  const [password, setPassword] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const write = useWrite({ mutationFn: firstAdmin, onSuccess: onDone })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!code.trim() || !login.trim() || !name.trim() || !password) return setProblem(t('people.first.all'))
    if ([...password].length < 12) return setProblem(t('people.passwordShort'))
    setProblem(null)
    write.mutate({ code: code.trim(), login: login.trim(), name: name.trim(), password })
  }
  const error =
    write.error instanceof HttpError && write.error.status === 403
      ? t('people.first.wrongCode')
      : write.isError
        ? describeError(write.error, t)
        : null
  return (
    <form onSubmit={submit} className={BOX} aria-labelledby="first-admin-heading" noValidate>
      <h2 id="first-admin-heading" className="text-xl font-semibold">
        {t('people.first.title')}
      </h2>
      <p>{t('people.first.intro')}</p>
      <TextField
        label={t('people.first.code')}
        autoComplete="one-time-code"
        value={code}
        onChange={setCode}
      />
      <TextField label={t('people.field.login')} autoComplete="username" value={login} onChange={setLogin} />
      <TextField
        label={t('people.field.name')}
        autoComplete="name"
        maxLength={60}
        value={name}
        onChange={setName}
      />
      <TextField
        label={t('people.field.newPassword')}
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={setPassword}
      />
      <div>
        <Button type="submit" variant="primary" disabled={write.isPending}>
          {t('people.first.submit')}
        </Button>
      </div>
      <FormErrors errors={problem ?? error} />
    </form>
  )
}
