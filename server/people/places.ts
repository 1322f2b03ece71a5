import type { PlaceNow, WriteRoute } from './route-roles'
import type { Person } from './store'

/** Where a change is, for a person limited to locations (WriteRoute.place): the locations of the body's
 * machine, location or scope, or of a maintenance task's scope (its location, or each of its machines'); null
 * for all of them, or a machine whose location is not known; none for a removal, which names no new place. */
export function placeOf(
  place: NonNullable<WriteRoute['place']>,
  body: Record<string, unknown>,
  machineLocation: (machineId: string) => number | null,
): number[] | null {
  const machineAt = (id: unknown) => {
    const at = typeof id === 'string' ? machineLocation(id) : null
    return at === null ? null : [at]
  }
  const location = (id: unknown) => (typeof id === 'number' ? [id] : null)
  if (place === 'machineId') return machineAt(body.machineId)
  if (place === 'locationId') return location(body.locationId)
  if (place === 'task scope') {
    if (body.scope === undefined && body.remove === true) return []
    const scope = body.scope as { locationId?: unknown; machineIds?: unknown } | undefined
    if (scope && 'locationId' in scope) return location(scope.locationId)
    if (!Array.isArray(scope?.machineIds)) return null
    const each = scope.machineIds.map(machineAt)
    return each.some((at) => at === null) ? null : [...new Set(each.flatMap((at) => at ?? []))]
  }
  const scope = body.scope as { kind?: unknown; id?: unknown } | undefined
  if (scope?.kind === 'location') return location(scope.id)
  if (scope?.kind === 'machine') return machineAt(scope.id)
  return null
}

/** The refusal of a change outside a person's locations (or of all locations at once), or null when the
 * person may make it: someone with no locations works everywhere. `now`: what the change is made to as it is
 * (WriteRoute.placeNow; undefined: nothing, or not found), which must be wholly in the person's locations
 * too. */
export function outsidePlaces(
  person: Person,
  route: WriteRoute,
  asked: unknown,
  machineLocation: (machineId: string) => number | null,
  now?: { what: PlaceNow; is: unknown },
): { error: string; reason: 'location'; locations: number[] } | null {
  if (!route.place || person.locations.length === 0) return null
  const refusal = (error: string) => ({ error, reason: 'location' as const, locations: person.locations })
  const outside = (where: number[]) => where.find((at) => !person.locations.includes(at))
  if (now?.is && typeof now.is === 'object') {
    const where = placeOf(route.place, now.is as Record<string, unknown>, machineLocation)
    if (where === null)
      return refusal(
        `${person.name} works at some locations only, and this ${now.what} is for all of them or for a machine whose location is not known: someone who works everywhere changes it`,
      )
    const elsewhere = outside(where)
    if (elsewhere !== undefined)
      return refusal(
        `${person.name} does not work at location ${elsewhere}, and this ${now.what} is for it too: someone who works there changes it`,
      )
  }
  const body = (asked && typeof asked === 'object' ? asked : {}) as Record<string, unknown>
  // a change of something that is where it is (a planned stop cancelled) names no new place: where it is
  // now, checked above, is all; nothing found there is refused
  if (route.placeNow && route.place === 'scope' && body.scope === undefined)
    return now?.is && typeof now.is === 'object'
      ? null
      : refusal(
          `${person.name} works at some locations only, and where this ${route.placeNow} is cannot be told`,
        )
  const where = placeOf(route.place, body, machineLocation)
  if (where === null)
    return refusal(
      route.place === 'task scope'
        ? `${person.name} works at some locations only, and this is for all of them or for a machine whose location is not known`
        : `${person.name} works at some locations only, and this is not one of them or all of them`,
    )
  const elsewhere = outside(where)
  return elsewhere === undefined ? null : refusal(`${person.name} does not work at location ${elsewhere}`)
}
