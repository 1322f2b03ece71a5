import type { QueryClient } from '@tanstack/react-query'

/** The board's and a machine page's first data, asked for by the shell while the page's code loads:
 * the page asked for it only once its code had come, so on a phone's network (150 ms a round trip) the
 * code and the data came one after the other. The page's own queries then find the answers under way.
 * Settles once every answer it asked for is in. */
export async function prefetchForPath(pathname: string, client: QueryClient): Promise<void> {
  if (pathname !== '/' && pathname !== '/machines' && !pathname.startsWith('/machines/')) return
  const asked = [
    import('../api/machines/machines').then((m) => client.prefetchQuery(m.machinesQueryOptions())),
    import('../api/machines/designs').then((m) => client.prefetchQuery(m.designsQueryOptions())),
  ]
  // the tiles' last line (the pace) is the board's largest text: it waited for the board's first render
  if (!pathname.startsWith('/machines/'))
    asked.push(import('../api/plan/pace').then((m) => m.prefetchPace(client)))
  // settled when everything asked for has its answer (or its error, which the page's own query shows)
  await Promise.allSettled(asked)
}
