import { isRole, ROLES, type Role } from '../src/lib/roles'

/** The factory's identity provider in the configuration (server/config.ts reads the variables; this checks
 * them together and makes the settings). */

/** A loopback address: an identity provider there may be reached over plain HTTP (a test's, a laptop's). */
export const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/

/** Signing in at the factory's identity provider (OpenID Connect). */
export interface OidcConfig {
  issuer: string
  clientId: string
  clientSecret: string
  /** where the provider sends people back: PUBLIC_URL + BASE_PATH + /api/auth/oidc/callback */
  redirectUri: string
  /** the ID token's claim that names roles, and which of its values give which role (a value that is a
   * role's own name gives that role) */
  roleClaim: string | null
  roles: ReadonlyMap<string, Role>
}

interface OidcVariables {
  OIDC_ISSUER?: string | undefined
  OIDC_CLIENT_ID?: string | undefined
  OIDC_CLIENT_SECRET?: string | undefined
  OIDC_ROLE_CLAIM?: string | undefined
  OIDC_ROLES?: string | undefined
  PUBLIC_URL?: string | undefined
  BASE_PATH?: string | undefined
}

/** All of them or none: each missing or stray one named. */
export function checkOidc(env: OidcVariables, need: (name: string, message: string) => void) {
  if (env.OIDC_ISSUER) {
    if (!env.OIDC_CLIENT_ID) need('OIDC_CLIENT_ID', 'is required when OIDC_ISSUER is set')
    if (!env.OIDC_CLIENT_SECRET) need('OIDC_CLIENT_SECRET', 'is required when OIDC_ISSUER is set')
    if (!env.PUBLIC_URL)
      need(
        'PUBLIC_URL',
        'is required when OIDC_ISSUER is set (the identity provider sends people back there)',
      )
  } else
    for (const name of ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_ROLE_CLAIM', 'OIDC_ROLES'] as const)
      if (env[name]) need(name, 'is set but OIDC_ISSUER is not: set OIDC_ISSUER to your identity provider')
  if (env.OIDC_ROLES && typeof parseRoleMap(env.OIDC_ROLES) === 'string')
    need('OIDC_ROLES', parseRoleMap(env.OIDC_ROLES) as string)
}

/** OIDC_ROLES: "value=role,…", the role claim's values that give each role (a value may be a group's
 * name or id); the problem in words when it is not that. */
export function parseRoleMap(text: string): Map<string, Role> | string {
  const map = new Map<string, Role>()
  for (const pair of text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const at = pair.lastIndexOf('=')
    const value = pair.slice(0, at).trim()
    const role = pair.slice(at + 1).trim()
    if (at <= 0 || !value || !isRole(role))
      return `must be pairs such as stitchboard-admins=admin,line-leads=supervisor (the roles: ${ROLES.join(', ')}); "${pair.slice(0, 60)}" is not`
    map.set(value, role)
  }
  return map
}

/** The settings, or null without an identity provider. */
export function oidcOf(e: OidcVariables): OidcConfig | null {
  return e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET && e.PUBLIC_URL
    ? {
        issuer: e.OIDC_ISSUER,
        clientId: e.OIDC_CLIENT_ID,
        clientSecret: e.OIDC_CLIENT_SECRET,
        redirectUri: `${new URL(e.PUBLIC_URL).origin}${e.BASE_PATH ?? ''}/api/auth/oidc/callback`,
        roleClaim: e.OIDC_ROLE_CLAIM ?? null,
        roles: (e.OIDC_ROLES ? parseRoleMap(e.OIDC_ROLES) : new Map()) as Map<string, Role>,
      }
    : null
}
