/** The first data a page reads, named in its index.html (`<link rel="preload" as="fetch">`) so the
 * browser asks for it while the shell's code is still arriving; the app's own fetch of the same address
 * then takes the answer (issue 20, Lighthouse on a phone, where the shell's code takes a slow network's
 * half second). The page's code itself is not named: preloading it took the same network from the
 * shell's code and the stylesheet, and the first paint came later (2.0 → 2.3 s on a phone). */

/** Read by every page, the wall's too (src/api/core/app-config.ts). */
const EVERY_PAGE = ['/app-config.json']
/** The board's first answers, at the addresses src/api asks them at (src/app/route-data.ts asks for
 * the same while the board's code loads). */
const BOARD = ['/api/machines', '/api/history/now', '/api/designs?page=1&limit=1000']

/** The pages whose index.html differs: the board (the home page), and every other page. */
export const PAGE_DATA = { board: [...EVERY_PAGE, ...BOARD], other: EVERY_PAGE } as const
export type PageKind = keyof typeof PAGE_DATA

export const pageKind = (path: string): PageKind =>
  path === '/' || path === '/machines' || path === '/machines/' ? 'board' : 'other'

/** index.html with links that preload `urls` (under the base path, BASE_PATH) at the end of its head. */
export function withPreloads(html: string, urls: readonly string[], basePath = ''): string {
  if (urls.length === 0) return html
  const links = urls.map(
    (url) => `<link rel="preload" as="fetch" crossorigin href="${escapeAttribute(`${basePath}${url}`)}">`,
  )
  return html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`)
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** index.html with `<base href>` first in its head: the built page names its files relative to it (Vite's
 * `base: './'`), so they load from under BASE_PATH on any deep address (`/stitchboard/machines/AS-1042`
 * reloaded asks for `/stitchboard/assets/…`), and the app reads its base path from it
 * (src/api/core/base-path.ts). At the root it is `/`: the same page serves both. */
export function withBaseHref(html: string, basePath: string): string {
  return html.replace(/<head>/i, `<head>\n    <base href="${escapeAttribute(`${basePath}/`)}">`)
}

/** index.html naming the factory's default language (LANGUAGE) on its root element: the app speaks it
 * unless the person picked another on this browser or a kiosk's address names one (src/components/i18n.tsx). */
export function withLanguage(html: string, language: string | null): string {
  return language
    ? html.replace(/<html\b/i, `<html data-factory-language="${escapeAttribute(language)}"`)
    : html
}
