import { launchChromium, startProcess } from '../test/e2e/harness'

/** `npm run bench:kiosk`: the kiosk in headless Chromium on demo data with time accelerated (a page
 * every DWELL s, a refresh every REFRESH s) until ROTATIONS rotations and REFRESHES refresh cycles
 * have happened. Samples the JS heap after a forced garbage collection and the DOM node count, and
 * prints start, end and slope. Budget: heap growth ≤ 5 MB, DOM node count flat.
 * A rotation is a change of the page title; a refresh cycle is a request for /app-config.json (every
 * cycle refreshes it once). The first WARM_UP s are excluded: caches fill to their steady size first. */
export const HEAP_BUDGET_MB = 5
const DWELL = 0.1
const REFRESH = 0.03
const ROTATIONS = 1000
const REFRESHES = 5000
const WARM_UP_S = 20
const SAMPLE_EVERY_S = 10
const LIMIT_S = 600
/** One hall (10 machines) keeps each refresh cycle short enough for 5,000 of them in a few minutes. */
const KIOSK_QUERY = `pages=status,threadbreaks,shifts&location=3&exceptions=1&dwell=${DWELL}&refresh=${REFRESH}`

interface Sample {
  at: number
  heapMB: number
  /** every DOM node alive after GC (CDP), in the document or not */
  nodes: number
  /** nodes in the document: these follow the data (the demo factory lives in real time) */
  attached: number
  /** nodes alive but out of the document: a leak would show here */
  detached: number
  listeners: number
  rotations: number
  refreshes: number
}

const slope = (samples: Sample[], pick: (s: Sample) => number) => {
  const n = samples.length
  const mx = samples.reduce((a, s) => a + s.at, 0) / n
  const my = samples.reduce((a, s) => a + pick(s), 0) / n
  const num = samples.reduce((a, s) => a + (s.at - mx) * (pick(s) - my), 0)
  const den = samples.reduce((a, s) => a + (s.at - mx) ** 2, 0)
  return den === 0 ? 0 : num / den
}

export async function benchKiosk() {
  const server = await startProcess('server/main.ts', { CACHE_TTL_SECONDS: '1' }, '/healthz', [], {
    realClock: true,
  })
  const browser = await launchChromium({ realClock: true })
  try {
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } })
    let refreshes = 0
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/app-config.json') refreshes++
    })
    const cdp = await page.context().newCDPSession(page)
    await page.goto(`${server.url}/kiosk?${KIOSK_QUERY}`)
    await page.getByRole('banner').getByRole('heading', { level: 1 }).waitFor()
    await page.evaluate(() => {
      const state = window as unknown as { rotations: number }
      state.rotations = 0
      const title = document.querySelector('header h1') as Element
      let last = title.textContent
      new MutationObserver(() => {
        if (title.textContent !== last) state.rotations++
        last = title.textContent
      }).observe(title, {
        childList: true,
        characterData: true,
        subtree: true,
      })
    })
    // what the page keeps, not what is in flight at the moment: the least of three readings after GC
    const least = async () => {
      let heap = Number.POSITIVE_INFINITY
      let dom = { nodes: Number.POSITIVE_INFINITY, jsEventListeners: Number.POSITIVE_INFINITY }
      for (let i = 0; i < 3; i++) {
        await cdp.send('HeapProfiler.collectGarbage')
        heap = Math.min(heap, ((await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }).usedSize)
        const counters = (await cdp.send('Memory.getDOMCounters')) as {
          nodes: number
          jsEventListeners: number
        }
        if (counters.nodes < dom.nodes) dom = counters
        await page.waitForTimeout(300)
      }
      return { heap, dom }
    }
    const sample = async (started: number): Promise<Sample> => {
      const { heap: usedSize, dom } = await least()
      const heap = { usedSize }
      const rotations = await page.evaluate(() => (window as unknown as { rotations: number }).rotations)
      const attached = await page.evaluate(() => {
        const walker = document.createTreeWalker(document, NodeFilter.SHOW_ALL)
        let count = 1
        while (walker.nextNode()) count++
        return count
      })
      return {
        at: (Date.now() - started) / 1000,
        heapMB: heap.usedSize / 2 ** 20,
        nodes: dom.nodes,
        attached,
        detached: Math.max(0, dom.nodes - attached),
        listeners: dom.jsEventListeners,
        rotations,
        refreshes,
      }
    }
    const started = Date.now()
    await page.waitForTimeout(WARM_UP_S * 1000)
    const samples: Sample[] = [await sample(started)]
    const base = samples[0] as Sample
    for (;;) {
      await page.waitForTimeout(SAMPLE_EVERY_S * 1000)
      const s = await sample(started)
      samples.push(s)
      const done = s.rotations - base.rotations >= ROTATIONS && s.refreshes - base.refreshes >= REFRESHES
      if (done || s.at > LIMIT_S) break
    }
    return { samples, base }
  } finally {
    await browser.close()
    await server.stop()
  }
}

const median3 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN

/** Growth from the first three samples to the last three (medians), so one noisy reading decides nothing. */
export function kioskGrowth(samples: Sample[]) {
  const first = samples.slice(0, 3)
  const last = samples.slice(-3)
  return {
    heapMB: median3(last.map((s) => s.heapMB)) - median3(first.map((s) => s.heapMB)),
    nodes: median3(last.map((s) => s.nodes)) - median3(first.map((s) => s.nodes)),
    startNodes: median3(first.map((s) => s.nodes)),
    detached: median3(last.map((s) => s.detached)) - median3(first.map((s) => s.detached)),
    startDetached: median3(first.map((s) => s.detached)),
  }
}

export function printKiosk({ samples, base }: Awaited<ReturnType<typeof benchKiosk>>) {
  const end = samples.at(-1) as Sample
  console.log(
    `Kiosk soak: /kiosk?${KIOSK_QUERY}, after ${WARM_UP_S} s of warm-up (Chromium; heap and DOM after GC):`,
  )
  for (const s of samples) {
    console.log(
      `  t=${s.at.toFixed(0).padStart(4)} s  heap ${s.heapMB.toFixed(2)} MB  DOM nodes ${s.nodes} (in the page ${s.attached}, detached ${s.detached})  listeners ${s.listeners}  rotations ${s.rotations - base.rotations}  refreshes ${s.refreshes - base.refreshes}`,
    )
  }
  const growth = kioskGrowth(samples).heapMB
  const heapSlope = slope(samples, (s) => s.heapMB) * 3600
  const nodeSlope = slope(samples, (s) => s.nodes) * 3600
  console.log(
    `  heap: start ${base.heapMB.toFixed(2)} MB, end ${end.heapMB.toFixed(2)} MB, growth ${growth.toFixed(2)} MB (median of the last 3 samples − of the first 3; slope ${heapSlope.toFixed(2)} MB/h); budget ≤ ${HEAP_BUDGET_MB} MB: ${growth <= HEAP_BUDGET_MB ? 'within' : 'OVER'}`,
  )
  console.log(
    `  DOM nodes: start ${base.nodes}, end ${end.nodes}, change ${kioskGrowth(samples).nodes} (medians; those in the page follow the living demo factory: lists of hot spots and of machines needing action); detached (alive, out of the page: a leak) ${kioskGrowth(samples).startDetached} → change ${kioskGrowth(samples).detached}; listeners ${base.listeners} → ${end.listeners}; slope of all nodes ${nodeSlope.toFixed(0)}/h`,
  )
  console.log(
    `  ${end.rotations - base.rotations} rotations and ${end.refreshes - base.refreshes} refresh cycles in ${(end.at - base.at).toFixed(0)} s`,
  )
}

if (import.meta.url === `file://${process.argv[1]}`) printKiosk(await benchKiosk())
