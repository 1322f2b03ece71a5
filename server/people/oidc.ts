import * as client from 'openid-client'
import { isRole, ROLES, type Role } from '../../src/lib/roles'

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
const CONTROL = /[\u0000-\u001f\u007f]/g

/** The factory's identity provider (server/config.ts `oidc`). */
export interface OidcSettings {
  issuer: string
  clientId: string
  clientSecret: string
  redirectUri: string
  roleClaim: string | null
  roles: ReadonlyMap<string, Role>
}

/** Why a sign-in at the identity provider did not end signed in (the sign-in page says it in words). */
export type OidcFailure =
  | 'state'
  | 'denied'
  | 'issuer'
  | 'audience'
  | 'nonce'
  | 'signature'
  | 'expired'
  | 'unreachable'
  | 'switched-off'
  | 'failed'

export class OidcError extends Error {
  override name = 'OidcError'
  constructor(
    readonly failure: OidcFailure,
    message: string,
  ) {
    super(message)
  }
}

/** The claims stitchboard takes from an ID token. */
export interface ProviderPerson {
  subject: string
  login: string
  name: string
  /** null: the provider says nothing of roles (no OIDC_ROLE_CLAIM), stitchboard's own stands */
  role: Role | null
}

/** Signing in at the identity provider with openid-client: discovery (once, again after a failure), the
 * authorization code flow with PKCE (S256), state and nonce, and the ID token's checks (issuer,
 * audience, signature, nonce, expiry) by the library. */
export class OidcClient {
  private configuration: Promise<client.Configuration> | null = null

  constructor(private readonly settings: OidcSettings) {}

  /** The provider's name for the sign-in button: its host. */
  get name(): string {
    return new URL(this.settings.issuer).host
  }

  private config(): Promise<client.Configuration> {
    this.configuration ??= client
      .discovery(
        new URL(this.settings.issuer),
        this.settings.clientId,
        this.settings.clientSecret,
        undefined,
        // plain HTTP only for a provider on this machine (server/config.ts allows no other)
        new URL(this.settings.issuer).protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : {},
      )
      .catch((error: unknown) => {
        this.configuration = null
        throw new OidcError(
          'unreachable',
          `the identity provider cannot be reached (${(error as Error).message})`,
        )
      })
    return this.configuration
  }

  /** Where to send the browser, and what to keep until it comes back. */
  async start(): Promise<{ url: string; state: string; verifier: string; nonce: string }> {
    const config = await this.config()
    const verifier = client.randomPKCECodeVerifier()
    const state = client.randomState()
    const nonce = client.randomNonce()
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: this.settings.redirectUri,
      scope: 'openid profile email',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    })
    return { url: url.href, state, verifier, nonce }
  }

  /** The person the provider vouches for, from the answer it sent the browser back with (`query`: the
   * callback's query string). */
  async finish(
    query: URLSearchParams,
    kept: { state: string; verifier: string; nonce: string },
  ): Promise<ProviderPerson> {
    const config = await this.config()
    if (query.get('error'))
      throw new OidcError('denied', `the identity provider said ${query.get('error')?.slice(0, 100)}`)
    // the address the provider was told, whatever a reverse proxy made of it
    const current = new URL(this.settings.redirectUri)
    current.search = query.toString()
    let claims: Record<string, unknown>
    try {
      const tokens = await client.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: kept.verifier,
        expectedState: kept.state,
        expectedNonce: kept.nonce,
        idTokenExpected: true,
      })
      claims = (tokens.claims() ?? {}) as Record<string, unknown>
    } catch (error) {
      throw new OidcError(failureOf(error), `the identity provider's answer was refused (${describe(error)})`)
    }
    const subject = typeof claims.sub === 'string' ? claims.sub : ''
    if (!subject) throw new OidcError('failed', 'the ID token names no subject')
    const text = (key: string) => (typeof claims[key] === 'string' ? (claims[key] as string).trim() : '')
    const login = (text('preferred_username') || text('email') || subject).slice(0, 64)
    const name = (text('name') || login).replace(CONTROL, '').slice(0, 60)
    return { subject, login, name, role: this.roleOf(claims) }
  }

  /** The role the claim gives (the highest of its values), viewer when it gives none; null without a
   * role claim. */
  private roleOf(claims: Record<string, unknown>): Role | null {
    if (!this.settings.roleClaim) return null
    const raw = claims[this.settings.roleClaim]
    const values = (Array.isArray(raw) ? raw : [raw]).filter((v): v is string => typeof v === 'string')
    let best: Role = 'viewer'
    for (const value of values) {
      const role = this.settings.roles.get(value) ?? (isRole(value) ? value : null)
      if (role && ROLES.indexOf(role) > ROLES.indexOf(best)) best = role
    }
    return best
  }
}

const describe = (error: unknown) => {
  const e = error as { message?: string; cause?: { message?: string } }
  return [e.message, e.cause?.message].filter(Boolean).join(': ').slice(0, 300)
}

/** Which check an answer failed, from openid-client's (oauth4webapi's) error. */
function failureOf(error: unknown): OidcFailure {
  const e = error as {
    code?: string
    message?: string
    cause?: { claim?: string; code?: string; message?: string }
  }
  const claim = e.cause?.claim
  if (claim === 'iss') return 'issuer'
  if (claim === 'aud' || claim === 'azp') return 'audience'
  if (claim === 'nonce') return 'nonce'
  if (claim === 'state' || /state/i.test(e.message ?? '')) return 'state'
  if (e.code === 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED') return 'expired'
  if (/signature/i.test(`${e.message} ${e.cause?.message} ${e.cause?.code}`)) return 'signature'
  if (/iss/i.test(e.message ?? '')) return 'issuer'
  return 'failed'
}
