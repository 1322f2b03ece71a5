import { launchChromium, startProcess } from '../test/e2e/harness'
import { until } from '../test/until'

/** `npm run bench:floor-pin`: "two taps and a PIN, under 3 s" (issue "Who"). On the demo factory, a floor
 * phone (390×844, the CPU slowed 4× as Lighthouse's mobile setting) is enrolled by its code; an operator
 * then explains ROUNDS stops of the shift: tap "Give reason", tap a reason, type the PIN and press Enter. The time from the
 * first tap until the phone says the reason is given is measured (the person's own typing is not: the PIN
 * is typed at once), and its median and slowest printed. Budget: under 3 s. */
export const BUDGET_MS = 3000
const ROUNDS = 5
const PASSWORD = 'correct horse battery'

export async function benchFloorPin() {
  const server = await startProcess('server/main.ts', {}, '/healthz')
  const browser = await launchChromium()
  try {
    const code = await until(
      'the first administrator’s code',
      () => /give the code (\d{4}-\d{4}-\d{4})/.exec(server.output?.() ?? '')?.[1],
    )
    let cookie = ''
    const post = async (path: string, body: unknown) => {
      const answer = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: server.url, Cookie: cookie },
        body: JSON.stringify(body),
      })
      const set = answer.headers.getSetCookie().find((c) => c.startsWith('stitchboard_person='))
      if (set) cookie = set.split(';')[0]!
      if (!answer.ok) throw new Error(`${path}: HTTP ${answer.status} ${await answer.text()}`)
      return (await answer.json()) as Record<string, { id: number } & Record<string, unknown>>
    }
    await post('/api/auth/first-admin', { code, login: 'pia', name: 'Pia Plant', password: PASSWORD })
    const { person } = await post('/api/people', {
      login: 'olaf',
      name: 'Olaf Operator',
      role: 'operator',
      locations: [],
      password: PASSWORD,
    })
    await post(`/api/people/${person!.id}/pin`, { pin: '4821' })
    const made = await post('/api/devices', { kind: 'floor', name: 'Phone Hall North', locationId: null })

    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    })
    const phone = await context.newPage()
    const cdp = await context.newCDPSession(phone)
    await phone.goto(`${server.url}/enrol?code=${made.code}`)
    await phone.getByRole('button', { name: 'Enrol' }).click()
    await phone.getByText('This device is Phone Hall North').waitFor()
    await phone.goto(`${server.url}/stops/explain`)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    const times: number[] = []
    for (let round = 0; round < ROUNDS; round++) {
      const stop = phone.getByRole('button', { name: /Give reason/ }).first()
      await stop.waitFor({ timeout: 60_000 }).catch(async (error) => {
        await phone.screenshot({ path: '/tmp/floor-pin-failed.png', fullPage: true })
        throw error
      })
      const started = performance.now()
      await stop.tap()
      const dialog = phone.getByRole('dialog')
      await dialog.getByRole('button', { name: 'Waiting for garments' }).tap()
      const pin = dialog.getByLabel('Your PIN on Phone Hall North')
      await pin.fill('4821')
      await pin.press('Enter')
      await phone.getByText(/“Waiting for garments” given\./).waitFor()
      times.push(performance.now() - started)
      console.log(`  stop ${round + 1}: ${Math.round(times.at(-1)!)} ms`)
      await phone.reload()
    }
    times.sort((a, b) => a - b)
    const median = times[Math.floor(times.length / 2)]!
    const slowest = times.at(-1)!
    console.log(
      `floor phone, two taps and a PIN (CPU 4× slower, ${ROUNDS} stops): median ${Math.round(median)} ms, slowest ${Math.round(slowest)} ms (budget < ${BUDGET_MS} ms)`,
    )
    return { medianMs: median, slowestMs: slowest, withinBudget: slowest < BUDGET_MS }
  } finally {
    await browser.close()
    await server.stop()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await benchFloorPin()
  if (!result.withinBudget) process.exitCode = 1
}
