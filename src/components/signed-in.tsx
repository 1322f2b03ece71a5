import { useQuery } from '@tanstack/react-query'
import { appPath, appUrl } from '../api/core/base-path'
import { type Me, meQueryOptions } from '../api/people/me'
import type { Role } from '../lib/roles'
import { useT } from './i18n'

/** Who this browser is to the server: a signed-in person, whether stitchboard has accounts (undefined
 * until the server has said). */
export function useMe(): Me | undefined {
  return useQuery(meQueryOptions()).data
}

/** The name a change is kept under: the signed-in person's, else what was typed. */
export const nameToKeep = (me: Me | undefined, typed: string) => me?.person?.name ?? typed.trim()

/** What keeps a change from being sent for want of who: null when nothing, "sign-in" when stitchboard has
 * accounts and no one is signed in here, else the field to fill (`token` undefined: the change needs no
 * admin token, as the floor's). */
export function whoMissing(
  me: Me | undefined,
  name: string,
  token?: string,
): null | 'sign-in' | 'name' | 'token' {
  if (me?.person) return null
  if (me?.accounts) return 'sign-in'
  if (name.trim() === '') return 'name'
  return token === '' ? 'token' : null
}

/** On an enrolled floor device with no one signed in: a change carries the PIN of who makes it. */
export const onFloorDevice = (me: Me | undefined) => me?.device?.kind === 'floor' && !me.person

/** A refusal of a PIN in words (401 wrong, 423 locked), or null for another error. */
export function pinRefusal(error: unknown, t: ReturnType<typeof useT>['t']): string | null {
  const status = (error as { status?: number } | null)?.status
  if (status === 423) return t('who.pinLocked')
  if (status === 401) return t('who.pinWrong')
  return null
}

/** A role in words. */
export function useRoleWords(): (role: Role) => string {
  const { t } = useT()
  return (role) =>
    role === 'admin'
      ? t('who.role.admin')
      : role === 'supervisor'
        ? t('who.role.supervisor')
        : role === 'operator'
          ? t('who.role.operator')
          : t('who.role.viewer')
}

/** Where a change needs someone signed in: "Sign in to …", with the way to the sign-in page and back
 * (a link of its own: the wall, an app of its own, has no router). */
export function SignInFirst({ className = '' }: { className?: string }) {
  const { t } = useT()
  const next = `${appPath(window.location.pathname)}${window.location.search}`
  return (
    <p className={className}>
      {t('who.signInFirst')}{' '}
      <a className="underline" href={appUrl(`/sign-in?next=${encodeURIComponent(next)}`)}>
        {t('who.signInLink')}
      </a>
    </p>
  )
}

/** "Kept as Pia Plant (administrator)": who a signed-in person's change is kept under. */
export function KeptAs({
  me,
  className = '',
}: {
  me: Me & { person: NonNullable<Me['person']> }
  className?: string
}) {
  const { t } = useT()
  const role = useRoleWords()
  return <p className={className}>{t('who.keptAs', { name: me.person.name, role: role(me.person.role) })}</p>
}
