// What the wall's e2e files share.
import type { Page, Route } from 'playwright-core'

/** How often the alerts' first answer is asked for again when the connection to the server breaks. */
const FETCH_TRIES = 3

/** The server's answer to a routed request, asked again when the connection breaks (a kept-alive connection
 * the server closed, on a busy machine: "read ECONNRESET"); null when every try failed. */
async function fetchText(route: Route): Promise<string | null> {
  for (let attempt = 1; attempt <= FETCH_TRIES; attempt++) {
    try {
      return await (await route.fetch()).text()
    } catch {
      // the page closed meanwhile, or the connection broke: try again, then give up
    }
  }
  return null
}

/** No live stream, and the alerts (issue 19) as first answered, for pages that must hold still. A request
 * that cannot be answered fails as a network error would (the app asks again later): left unanswered it
 * kept the page from ever going quiet, and its error was thrown outside any test. */
export async function holdStill(page: Page) {
  await page.route('**/api/live', (route) => route.abort().catch(() => {}))
  let alerts: string | null = null
  await page.route('**/api/alerts', async (route) => {
    alerts ??= await fetchText(route)
    const answer =
      alerts === null
        ? route.abort('connectionreset')
        : route.fulfill({ status: 200, contentType: 'application/json', body: alerts })
    // the page may have closed meanwhile
    await answer.catch(() => {})
  })
}
