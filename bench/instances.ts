/**
 * Issue 18's acceptance with real browsers: two stitchboard servers on one PostgreSQL, 50 Chromium pages
 * on the status board between them (25 each), the held-out upstream (test/held-out/upstream.ts) as the
 * portal. Prints:
 * - `/machines` calls upstream per poll period with the 50 boards open (one expected);
 * - how many boards show a machine's change, and how long after the portal first answered with it
 *   (p50 / max);
 * - a stop's reason given on one server: how soon the boards of both servers show it on the tile;
 * - after the polling server is killed with SIGKILL: how long until the other one polls, and whether its
 *   25 boards still see every change.
 * Needs a build (`npm run build`): the servers serve dist/.
 */
import { existsSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { launchChromium, type Running, startProcess } from '../test/e2e/harness'
import { HELD_OUT_KEY, HELD_OUT_STATUS_CODES } from '../test/held-out/settings'
import type { RecordedRequest } from '../test/held-out/upstream'
import { createDatabase, startPostgres } from '../test/history/postgres-server'

const POLL = 5
const BROWSERS = Number(process.env.BENCH_BROWSERS ?? 50)

if (!existsSync('dist/index.html')) {
  console.error('bench:instances needs a build: run npm run build first')
  process.exit(1)
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const tileState = (page: Page, name: string) =>
  page
    .getByRole('article', { name: new RegExp(`^${name}: `) })
    .getAttribute('aria-label', { timeout: 60_000 })
    .then(
      (label) => label?.split(': ')[1] ?? '',
      async (error) => {
        // what the board shows instead, to tell a slow board from a broken one
        const shown = await page
          .locator('main')
          .innerText({ timeout: 5000 })
          .catch((e) => `(unreadable: ${e})`)
        throw new Error(`${page.url()}: no tile of ${name}; the page shows:\n${shown.slice(0, 800)}`, {
          cause: error,
        })
      },
    )

async function main() {
  const postgres = process.env.BENCH_DATABASE_URL ? null : await startPostgres('bench-instances')
  const server = process.env.BENCH_DATABASE_URL ?? postgres!.url
  const upstream = await startProcess('test/held-out/upstream.ts', {}, '/machines', [], { realClock: true })
  const url = await createDatabase(server, 'stitchboard_instances')
  const env = {
    API_BASE_URL: upstream.url,
    API_KEY: HELD_OUT_KEY,
    STATUS_CODES: HELD_OUT_STATUS_CODES,
    POLL_SECONDS: String(POLL),
    DATABASE_URL: url,
  }
  const servers: Running[] = await Promise.all([
    startProcess('server/main.ts', env, '/healthz', [], { realClock: true }),
    startProcess('server/main.ts', env, '/healthz', [], { realClock: true }),
  ])
  const browser = await launchChromium({ realClock: true })
  const calls = async (since: number) =>
    ((await (await fetch(`${upstream.url}/__requests`)).json()) as RecordedRequest[]).filter(
      (c) => c.path === '/machines' && c.at >= since && c.key === HELD_OUT_KEY,
    )
  const setMachine = (id: string, state: { code: number; speed: number }) =>
    fetch(`${upstream.url}/__machines/${id}`, { method: 'POST', body: JSON.stringify(state) })
  const pollingServer = async () => {
    for (const s of servers) {
      const now = (await (await fetch(`${s.url}/api/history/now`)).json()) as { polling?: boolean }
      if (now.polling) return s
    }
    return null
  }

  try {
    // 50 boards, each in a context of its own (as 50 browsers), alternating between the two servers
    const pages: Array<{ page: Page; server: Running }> = []
    const opening = performance.now()
    for (let i = 0; i < BROWSERS; i++) {
      const server = servers[i % 2]!
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
      const page = await context.newPage()
      await page.goto(`${server.url}/machines`)
      pages.push({ page, server })
    }
    await Promise.all(
      pages.map(({ page }) => page.getByText('Live: changes show').waitFor({ timeout: 120_000 })),
    )
    console.log(
      `${BROWSERS} boards open and live in ${((performance.now() - opening) / 1000).toFixed(1)} s (${BROWSERS / 2} on each of 2 servers)`,
    )

    // upstream load with every board open
    const t0 = Date.now()
    await sleep(6 * POLL * 1000)
    const made = await calls(t0)
    console.log(
      `/machines calls upstream over ${6 * POLL} s (${6} poll periods): ${made.length} (${(made.length / 6).toFixed(2)} per period)`,
    )

    // a change, seen by every board
    const seenBy = async (watched: typeof pages, name: string, id: string, state: string, code: number) => {
      const changedAt = Date.now()
      await setMachine(id, { code, speed: code === 3 ? 700 : 0 })
      const seen = await Promise.all(
        watched.map(async ({ page }) => {
          const deadline = Date.now() + 60_000
          while (Date.now() < deadline) {
            if ((await tileState(page, name)) === state) return Date.now()
            await sleep(50)
          }
          return null
        }),
      )
      const first = (await calls(changedAt))[0]?.at ?? changedAt
      const delays = seen
        .filter((at): at is number => at !== null)
        .map((at) => at - first)
        .sort((a, b) => a - b)
      return {
        boards: delays.length,
        p50: delays[Math.floor(delays.length / 2)] ?? Number.NaN,
        max: delays.at(-1),
      }
    }
    const change = await seenBy(pages, 'East 02 · 12H', 'M-0102', 'Running', 3)
    console.log(
      `a machine starts: ${change.boards} of ${pages.length} boards show it; from the portal's answer to the board: p50 ${change.p50} ms, max ${change.max} ms (the boards check every 50 ms)`,
    )

    // a reason given on one server (issue 35): how soon every board of both servers shows it on the tile
    {
      const stop = await (async () => {
        for (;;) {
          const now = Math.ceil(Date.now() / 1000)
          const answer = await fetch(`${servers[0]!.url}/api/stops/current`)
          const parts = ((await answer.json()) as { parts: Array<{ machineId: string; start: number }> })
            .parts
          const found = parts.find((p) => p.machineId === 'M-0103')
          if (found) return found
          if (Date.now() / 1000 - now > 60) throw new Error('East 03 has no current stop')
          await sleep(200)
        }
      })()
      const givenAt = Date.now()
      const answer = await fetch(`${servers[0]!.url}/api/stops/reason`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: servers[0]!.url },
        body: JSON.stringify({
          machineId: 'M-0103',
          start: stop.start,
          reason: 'waiting-garments',
          by: 'Bench',
        }),
      })
      if (!answer.ok) throw new Error(`the reason was refused: ${await answer.text()}`)
      const seen = await Promise.all(
        pages.map(async ({ page, server }) => {
          const tile = page.getByRole('article', { name: /^East 03 · 15H: / })
          await tile
            .getByText('Waiting for garments · Bench')
            .waitFor({ timeout: 60_000 })
            .catch(async (error) => {
              const shown = await tile.innerText({ timeout: 5000 }).catch((e) => `(unreadable: ${e})`)
              const current = await (await fetch(`${server.url}/api/stops/current`)).text()
              throw new Error(
                `${page.url()}: the tile shows ${JSON.stringify(shown)}; the server's current stops: ${current.slice(0, 600)}`,
                { cause: error },
              )
            })
          return { server, ms: Date.now() - givenAt }
        }),
      )
      for (const s of servers) {
        const delays = seen
          .filter((x) => x.server === s)
          .map((x) => x.ms)
          .sort((a, b) => a - b)
        const which = servers.indexOf(s) === 0 ? 'A (where it was given)' : 'B'
        console.log(
          `a stop's reason given on server A: ${delays.length} boards of server ${which} show it on the tile after p50 ${delays[Math.floor(delays.length / 2)]} ms, max ${delays.at(-1)} ms`,
        )
      }
    }

    // the polling server dies
    const leader = await pollingServer()
    if (!leader) throw new Error('no server says it polls')
    const survivor = servers.find((s) => s !== leader)!
    const killedAt = Date.now()
    process.kill(leader.pid!, 'SIGKILL')
    let tookOver = Number.NaN
    while (Date.now() - killedAt < 60_000) {
      const now = (await (await fetch(`${survivor.url}/api/history/now`)).json()) as { polling?: boolean }
      if (now.polling) {
        tookOver = (Date.now() - killedAt) / 1000
        break
      }
      await sleep(250)
    }
    const firstAfter = (await calls(killedAt))[0]?.at
    console.log(
      `polling server killed (SIGKILL): the other polls after ${tookOver.toFixed(1)} s; first /machines call ${firstAfter ? ((firstAfter - killedAt) / 1000).toFixed(1) : '—'} s after the kill`,
    )
    const left = pages.filter((p) => p.server === survivor)
    const after = await seenBy(left, 'East 02 · 12H', 'M-0102', 'Stop switch', 5)
    console.log(
      `after the takeover, a machine stops: ${after.boards} of ${left.length} boards on the surviving server show it; p50 ${after.p50} ms, max ${after.max} ms`,
    )
    const t1 = Date.now()
    await sleep(4 * POLL * 1000)
    console.log(`/machines calls upstream over the next 4 poll periods: ${(await calls(t1)).length}`)
  } finally {
    await browser.close()
    await Promise.all(servers.map((s) => s.stop()))
    await upstream.stop()
    await postgres?.remove()
  }
}

await main()
