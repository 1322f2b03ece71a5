// What the wall's e2e files share.
import type { Page } from 'playwright-core'

/** No live stream, and the alerts (issue 19) as first answered, for pages that must hold still. */
export async function holdStill(page: Page) {
  await page.route('**/api/live', (route) => route.abort())
  let alerts: string | null = null
  await page.route('**/api/alerts', async (route) => {
    alerts ??= await (await route.fetch()).text()
    await route.fulfill({ status: 200, contentType: 'application/json', body: alerts })
  })
}
