import { launchChromium, startProcess } from '../test/e2e/harness'

/** `npm run bench:first-screens`: each desk page of the demo factory at 1440×900 in Chromium, as a
 * supervisor opens it: how tall the page is, how many words its first screen holds, and how many charts
 * (an SVG chart, a heatmap's canvas, or bars drawn in HTML and marked `data-chart`) start on it. The figures behind "a page answers on its first
 * screen": few words, a chart, the rest below. Prints a table. */
const SIZE = { width: 1440, height: 900 }
export const DESK_PAGES = [
  '/machines',
  '/machines/AS-1119?range=7d',
  '/threadbreaks?range=7d',
  '/shifts?range=7d',
  '/timeline',
  '/stops?range=7d',
  '/stops/explain',
  '/pace',
  '/pace/targets',
  '/shift-reports',
  '/reports',
  '/reports/machine-summary?range=7d',
  '/design-breaks',
  '/collectors',
  '/collectors/dc-n1',
  '/status-codes?range=7d',
  '/thread-cones?m=Nordfaden&s=NFP-40&c=1004',
  '/alerts',
]

/** Measured in the page (a string: tsx would wrap a function's inner names in a helper the page lacks). */
const MEASURE = `(() => {
  const fold = window.innerHeight
  const shown = (el) => {
    const style = getComputedStyle(el)
    return style.visibility === 'visible' && style.display !== 'none' && !el.closest('[aria-hidden="true"], .sr-only')
  }
  let words = 0
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
  const range = document.createRange()
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement
    if (!parent || !shown(parent) || parent.closest('script, style, noscript')) continue
    range.selectNodeContents(node)
    const onScreen = [...range.getClientRects()].some((r) => r.bottom > 0 && r.top < fold && r.width > 0)
    if (onScreen) words += (node.textContent || '').split(/\\s+/).filter((w) => /[\\p{L}\\p{N}]/u.test(w)).length
  }
  const charts = [...document.querySelectorAll('svg.recharts-surface, canvas, [data-chart]')].filter((el) => {
    const r = el.getBoundingClientRect()
    // a bar of shares is a chart a line tall; an SVG or canvas that small is an icon
    const tall = el.matches('[data-chart]') ? 8 : 40
    return shown(el) && r.top < fold && r.bottom > 0 && r.width > 40 && r.height > tall
  }).length
  return { height: document.documentElement.scrollHeight, words, charts }
})()`

async function main() {
  const server = await startProcess('server/main.ts', {}, '/healthz', [], { realClock: true })
  const browser = await launchChromium({ realClock: true })
  const rows: string[] = []
  try {
    const context = await browser.newContext({ viewport: SIZE, locale: 'en' })
    for (const path of DESK_PAGES) {
      const page = await context.newPage()
      await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' })
      await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0, null, {
        timeout: 30_000,
      })
      const figures = (await page.evaluate(MEASURE)) as { height: number; words: number; charts: number }
      rows.push(
        `| \`${path}\` | ${figures.height.toLocaleString('en')} | ${figures.words} | ${figures.charts} |`,
      )
      await page.close()
    }
  } finally {
    await browser.close()
    await server.stop()
  }
  console.log(`Desk pages at ${SIZE.width}×${SIZE.height}, demo factory, English\n`)
  console.log('| page | height (px) | words on the first screen | charts starting on it |')
  console.log('|---|---|---|---|')
  for (const row of rows) console.log(row)
}

await main()
