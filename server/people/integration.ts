import { timingSafeEqual } from 'node:crypto'
import { WRITE_ROUTES } from './route-roles'

/** Whether a request carries the orders API key (ORDERS_API_KEY) as its bearer, compared in constant
 * time. The same-origin check lets such a request through to the routes marked `integration` only. */
export function integrationCall(request: Request, key: string | null): boolean {
  if (!key) return false
  const given = request.headers.get('Authorization') ?? ''
  if (!given.startsWith('Bearer ')) return false
  const a = Buffer.from(given.slice(7))
  const b = Buffer.from(key)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** The routes an ERP calls with ORDERS_API_KEY (WriteRoute.integration), by path. */
const INTEGRATION_PATHS = new Set(
  Object.entries(WRITE_ROUTES).flatMap(([route, { integration }]) =>
    integration ? [route.replace(/^POST /, '')] : [],
  ),
)

/** Whether a request is an ERP's call of an integration route with its key (`pathOf`: its path without
 * the base path). */
export const integrationRequest =
  (key: string | null, pathOf: (request: Request) => string) => (request: Request) =>
    INTEGRATION_PATHS.has(pathOf(request)) && integrationCall(request, key)
