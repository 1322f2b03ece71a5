/** BASE_PATH (issue 34): the dashboard behind a reverse proxy under a path such as /stitchboard; '' at the
 * root. A proxy may pass requests on with that prefix (nginx `proxy_pass http://…;`) or strip it
 * (`proxy_pass http://…/;`): the server answers both, so a request path is taken without the base when it
 * has it, and as it comes otherwise (already stripped). Whatever the browser is told or asks for (links,
 * redirects, the cookie's path, the page's <base href>, every fetch) carries the base: the browser sees
 * the proxy's addresses. The server's rule; the app reads its base path in src/api/core/base-path.ts. */

/** `/stitchboard/machines` → `/machines`, `/stitchboard` → `/`, `/stitchboard?x` → `/?x`; any other path
 * (`/machines`, `/stitchboardx`) unchanged, as is every path when `base` is ''. Paths and raw request
 * targets alike (a query may follow). */
export function withoutBase(path: string, base: string): string {
  if (base === '' || !path.startsWith(base)) return path
  const rest = path.slice(base.length)
  return rest === '' || rest[0] === '?' ? `/${rest}` : rest[0] === '/' ? rest : path
}

/** Where to go back to after signing in or enrolling: a path of this app only (never "//elsewhere" or
 * "/\elsewhere", which browsers read as another site), else `otherwise`. */
export const pathOfThisApp = (next: string | null | undefined, otherwise: string): string =>
  next && /^\/(?![/\\])/.test(next) ? next : otherwise
