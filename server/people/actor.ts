import type { AuditEntry } from '../audit/log'
import type { Device } from './devices'
import type { Person } from './store'

/** Who asks: a signed-in person, the ADMIN_TOKEN (only while no administrator exists), or no one known. */
export type Caller =
  /** signed in, or (`device`) identified by a PIN or badge on an enrolled floor device */
  | { kind: 'person'; person: Person; sessionId: number; device?: Device }
  /** an enrolled device with no one identified on it */
  | { kind: 'device'; device: Device }
  | { kind: 'admin-token' }
  /** an ERP with ORDERS_API_KEY: it adds orders and nothing else */
  | { kind: 'integration' }
  | { kind: 'anonymous' }

/** How the audit log names a caller; `typed`: the name a form gave (before accounts). */
export function actorOf(
  caller: Caller,
  typed: string,
): Pick<AuditEntry, 'actor' | 'actorId' | 'role' | 'via' | 'device'> {
  if (caller.kind === 'person')
    return caller.device
      ? {
          actor: caller.person.name,
          actorId: caller.person.id,
          role: caller.person.role,
          via: 'device',
          device: caller.device.name,
        }
      : { actor: caller.person.name, actorId: caller.person.id, role: caller.person.role, via: 'session' }
  if (caller.kind === 'device')
    return {
      actor: typed ? `${typed} (typed)` : 'anonymous',
      actorId: null,
      role: null,
      via: 'device',
      device: caller.device.name,
    }
  if (caller.kind === 'integration')
    return {
      actor: typed ? `${typed} (orders API key)` : 'orders API key',
      actorId: null,
      role: null,
      via: 'integration',
    }
  if (caller.kind === 'admin-token')
    return {
      actor: typed ? `${typed} (admin token)` : 'admin token',
      actorId: null,
      role: null,
      via: 'admin-token',
    }
  return { actor: typed ? `${typed} (typed)` : 'anonymous', actorId: null, role: null, via: 'anonymous' }
}
