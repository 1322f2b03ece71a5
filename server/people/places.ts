import type { WriteRoute } from './route-roles'
import type { Person } from './store'

/** Where a change is, for a person limited to locations (WriteRoute.place): the location of the body's
 * machine, location or scope; null for all of them, or a machine whose location is not known. */
export function placeOf(
  place: NonNullable<WriteRoute['place']>,
  body: Record<string, unknown>,
  machineLocation: (machineId: string) => number | null,
): number | null {
  const machineAt = (id: unknown) => (typeof id === 'string' ? machineLocation(id) : null)
  if (place === 'machineId') return machineAt(body.machineId)
  if (place === 'locationId') return typeof body.locationId === 'number' ? body.locationId : null
  const scope = body.scope as { kind?: unknown; id?: unknown } | undefined
  if (scope?.kind === 'location' && typeof scope.id === 'number') return scope.id
  if (scope?.kind === 'machine') return machineAt(scope.id)
  return null
}

/** The refusal of a change outside a person's locations (or of all locations at once), or null when the
 * person may make it: someone with no locations works everywhere. */
export function outsidePlaces(
  person: Person,
  route: WriteRoute,
  asked: unknown,
  machineLocation: (machineId: string) => number | null,
): { error: string; reason: 'location'; locations: number[] } | null {
  if (!route.place || person.locations.length === 0) return null
  const body = (asked && typeof asked === 'object' ? asked : {}) as Record<string, unknown>
  const where = placeOf(route.place, body, machineLocation)
  if (where !== null && person.locations.includes(where)) return null
  return {
    error:
      where === null
        ? `${person.name} works at some locations only, and this is not one of them or all of them`
        : `${person.name} does not work at location ${where}`,
    reason: 'location',
    locations: person.locations,
  }
}
