import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { until } from '../until'
import { appInChromium, collectProblems, downloadedBytes } from './harness'
import { axeViolations, DESK } from './page-checks'

/** Issue "Who" in the browser, on a server of its own (it makes people): the first administrator by the
 * code the server printed, people added with their roles, the floor's writes kept under the signed-in
 * person's name, and the audit log that says so. */
const app = appInChromium()
const PASSWORD = 'correct horse battery'
const SHOTS = 'test-results'

async function signIn(page: Page, login: string) {
  await page.goto(`${app.server.url}/sign-in`)
  await page.getByLabel('Login').fill(login)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL('**/machines')
}

describe('people, roles and the audit log in the browser', { timeout: 120_000 }, () => {
  test('the first administrator adds an operator, whose rejects are kept under their own name', async () => {
    const code = await until(
      'the first administrator’s code in the server’s log',
      () => /give the code (\d{4}-\d{4}-\d{4})/.exec(app.server.output?.() ?? '')?.[1],
    )
    const page = await app.browser.newPage({ viewport: DESK })
    const problems = collectProblems(page)

    // the first administrator, by the code
    await page.goto(`${app.server.url}/sign-in`)
    const first = page.getByRole('form', { name: 'First administrator' })
    await first.getByLabel('Code from the server’s log').fill('0000-0000-0000')
    await first.getByLabel('Login').fill('pia')
    await first.getByLabel('Name').fill('Pia Plant')
    await first.getByLabel('Password (at least 12 characters)').fill(PASSWORD)
    await first.getByRole('button', { name: 'Become the first administrator' }).click()
    await first.getByText('The code is not right or has expired').waitFor()
    await first.getByLabel('Code from the server’s log').fill(code!)
    await first.getByRole('button', { name: 'Become the first administrator' }).click()
    await page.waitForURL('**/machines')
    await page.getByRole('link', { name: 'Signed in as Pia Plant: your account' }).waitFor()

    // an operator limited to nothing, added on the people page
    await page.goto(`${app.server.url}/people`)
    const add = page.getByRole('form', { name: 'Add a person' })
    await add.getByLabel('Login').fill('olaf')
    await add.getByLabel('Name').fill('Olaf Operator')
    await add.getByLabel('Role').selectOption('operator')
    await add.getByLabel('Password (at least 12 characters)').fill(PASSWORD)
    await add.getByRole('button', { name: 'Add' }).click()
    await page.getByRole('cell', { name: 'Olaf Operator', exact: true }).waitFor()
    expect(await page.getByLabel('Role of Olaf Operator').inputValue()).toBe('operator')
    expect(await axeViolations(page)).toEqual([])
    await page.screenshot({ path: `${SHOTS}/people-desk-1440.png`, fullPage: true })

    // signed out: with accounts, the board is for people and devices it knows; its pages lead to the
    // sign-in page, which leads back
    await page.goto(`${app.server.url}/sign-in`)
    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.getByRole('heading', { name: 'Sign in' }).waitFor()
    await page.goto(`${app.server.url}/pace?range=today`)
    await page.waitForURL('**/sign-in?next=%2Fpace%3Frange%3Dtoday')
    await page.getByRole('link', { name: 'enrol it with the code from the list of devices' }).waitFor()

    // the operator: rejects entered as themselves; the targets are not theirs to change
    await page.getByLabel('Login').fill('olaf')
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL('**/pace?range=today')
    await page.getByText('Kept as Olaf Operator (operator).').first().waitFor()
    await page.getByLabel('Rejected pieces').fill('4')
    await page.getByRole('button', { name: 'Enter rejects' }).click()
    await page.getByText('4 rejects entered by Olaf Operator').waitFor()
    await page.goto(`${app.server.url}/people`)
    await page.getByText('Only an administrator manages people.').waitFor()

    // the administrator reads who did what
    await page.goto(`${app.server.url}/sign-in`)
    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.getByRole('heading', { name: 'Sign in' }).waitFor()
    await signIn(page, 'pia')
    await page.goto(`${app.server.url}/audit`)
    const rows = page.locator('tbody tr')
    await page
      .getByText('rejects entered', { exact: true })
      .first()
      .waitFor()
      .catch(async (error) => {
        await page.screenshot({ path: `${SHOTS}/audit-failed.png`, fullPage: true })
        throw error
      })
    const texts = await rows.allTextContents()
    expect(texts.find((row) => row.includes('rejects entered'))).toContain('Olaf Operator')
    expect(texts.find((row) => row.includes('person added'))).toContain('Pia Plant')
    expect(texts.filter((row) => row.includes('first administrator'))).toHaveLength(2)
    expect(texts.some((row) => row.includes('refused') && row.includes('first administrator'))).toBe(true)
    expect(texts.join(' ')).not.toContain(PASSWORD)
    expect(await axeViolations(page)).toEqual([])
    await page.screenshot({ path: `${SHOTS}/audit-desk-1440.png`, fullPage: true })
    // the export: the same entries for a spreadsheet
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download as CSV' }).click(),
    ])
    const csv = (await downloadedBytes(download)).toString('utf8')
    expect(csv.split('\r\n')[0]).toBe(
      '\uFEFFid,at (UTC),actor,role,via,device,address,category,event,target,result,status,detail',
    )
    expect(csv).toMatch(
      /,Olaf Operator,operator,session,,127\.0\.0\.1,plan,rejects entered,\/api\/plan\/rejects,ok,200,/,
    )
    expect(csv).not.toContain(PASSWORD)
    // the wrong code (403) is the one refusal the console shows: nothing else went wrong
    expect(problems.filter((p) => !p.includes('403'))).toEqual([])
    await page.close()
  })

  test('on an enrolled phone an operator gives a reason with two taps and a PIN; five wrong ones lock it', async () => {
    // the administrator (of the test before) makes the device and Olaf's PIN at a desk
    const desk = await app.browser.newPage({ viewport: DESK })
    await signIn(desk, 'pia')
    await desk.goto(`${app.server.url}/devices`)
    const add = desk.getByRole('form', { name: 'Add a device' })
    await add.getByLabel('Name').fill('Phone Hall North')
    await add.getByRole('button', { name: 'Make its code' }).click()
    await add.getByRole('img', { name: 'QR code that enrols Phone Hall North' }).waitFor()
    const code = (await add.locator('.font-mono').textContent())!.trim()
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/)
    await desk.screenshot({ path: `${SHOTS}/devices-desk-1440.png`, fullPage: true })
    await desk.goto(`${app.server.url}/people`)
    const pin = desk.getByRole('form', { name: 'PIN or badge for the floor devices' })
    await pin.getByLabel('Name').selectOption({ label: 'Olaf Operator' })
    await pin.getByLabel('PIN (4–8\u00a0digits)').fill('4821')
    await pin.getByRole('button', { name: 'Set' }).click()
    await pin.getByText('Set.').waitFor()

    // the phone: its own browser, enrolled by the code's link (the QR code's)
    const context = await app.browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    })
    const phone = await context.newPage()
    await phone.goto(`${app.server.url}/enrol?code=${code}`)
    await phone.getByRole('button', { name: 'Enrol' }).click()
    await phone.getByText('This device is Phone Hall North').waitFor()
    await phone.getByRole('link', { name: 'To the stops to explain' }).click()

    // tap one: the stop; tap two: the reason; then the PIN
    const stop = phone.getByRole('button', { name: /Standing since/ }).first()
    await stop.waitFor({ timeout: 30_000 })
    await stop.tap()
    const dialog = phone.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Waiting for garments' }).tap()
    await dialog.getByLabel('Your PIN on Phone Hall North').fill('4821')
    await dialog.getByLabel('Your PIN on Phone Hall North').press('Enter')
    await phone.getByText('“Waiting for garments” given.').waitFor()
    await phone.screenshot({ path: `${SHOTS}/pin-phone-390.png`, fullPage: true })

    // rejects on the phone: the PIN, no name
    await phone.goto(`${app.server.url}/pace`)
    await phone.getByLabel('Rejected pieces').fill('2')
    await phone.getByLabel('Your PIN on Phone Hall North').fill('4821')
    await phone.getByRole('button', { name: 'Enter rejects' }).tap()
    await phone.getByText('2 rejects entered by Olaf Operator').waitFor()
    await phone.goto(`${app.server.url}/stops/explain`)

    // the audit log and the stop say who: Olaf, on the phone
    await desk.goto(`${app.server.url}/audit`)
    await desk.getByText('reason given', { exact: true }).first().waitFor()
    const row = (await desk.locator('tbody tr').allTextContents()).find((r) => r.includes('reason given'))
    expect(row).toContain('Olaf Operator')
    const csv = await desk.evaluate(() =>
      fetch(`/api/audit/export?from=${Date.now() - 3_600_000}&till=${Date.now() + 60_000}`).then((r) =>
        r.text(),
      ),
    )
    expect(csv).toMatch(/,Olaf Operator,operator,device,Phone Hall North,[^\n]*,stops,reason given,/)
    // the stop itself is kept as Olaf's (what the wall and the stop's log show)
    const log = await desk.evaluate(async () => {
      const parts = (await (await fetch('/api/stops/current')).json()) as { parts: { by: string | null }[] }
      return parts.parts.map((p) => p.by)
    })
    expect(log).toContain('Olaf Operator')

    // five wrong PINs (on another stop): the fifth locks the phone's PIN entry
    await phone
      .getByRole('button', { name: /Give reason/ })
      .first()
      .tap()
    await dialog.getByRole('button', { name: 'No operator' }).tap()
    const field = dialog.getByLabel('Your PIN on Phone Hall North')
    for (const wrong of ['0000', '1111', '2222', '3333']) {
      await field.fill(wrong)
      await field.press('Enter')
      await dialog.getByText('This PIN is not right, or may not do this.').waitFor()
    }
    await field.fill('4444')
    await field.press('Enter')
    await dialog.getByText('The PIN entry of this device is locked after 5 wrong PINs').waitFor()
    await field.fill('4821')
    await field.press('Enter')
    await dialog.getByText('The PIN entry of this device is locked after 5 wrong PINs').waitFor()
    await desk.goto(`${app.server.url}/devices`)
    await desk.getByRole('cell', { name: /PIN entry locked/ }).waitFor()
    await context.close()
    await desk.close()
  })

  test('a wall screen enrolled by its code shows the board; revoked, it is out within one poll', async () => {
    const desk = await app.browser.newPage({ viewport: DESK })
    await signIn(desk, 'pia')
    await desk.goto(`${app.server.url}/devices`)
    const add = desk.getByRole('form', { name: 'Add a device' })
    await add.getByLabel('Kind').selectOption('wall')
    await add.getByLabel('Name').fill('Wall Hall North')
    await add.getByRole('button', { name: 'Make its code' }).click()
    await add.getByRole('img', { name: 'QR code that enrols Wall Hall North' }).waitFor()
    const code = (await add.locator('.font-mono').textContent())!.trim()

    // the wall's own browser: sent to the sign-in page, enrolled from there, back on its wall
    const wall = await app.browser.newPage({ viewport: { width: 1920, height: 1080 } })
    const problems = collectProblems(wall)
    await wall.goto(`${app.server.url}/kiosk?pages=status&dwell=300`)
    await wall.waitForURL('**/sign-in?next=**')
    await wall.getByRole('link', { name: 'enrol it with the code from the list of devices' }).click()
    await wall.getByLabel('Code').fill(code)
    await wall.getByRole('button', { name: 'Enrol' }).click()
    await wall.getByText('This device is the wall screen Wall Hall North.').waitFor()
    await wall.getByRole('link', { name: 'To the machines' }).click()
    await wall.waitForURL('**/kiosk?pages=status&dwell=300')
    await wall.getByRole('banner').getByRole('heading', { name: 'Machine status' }).waitFor()

    // its last contact on the list; revoked there, the wall leaves the board at its next poll
    await desk.reload()
    await desk.getByRole('cell', { name: 'Wall Hall North', exact: true }).waitFor()
    await desk.getByRole('button', { name: 'Revoke Wall Hall North' }).click()
    await desk.getByText(/revoked by Pia Plant/).waitFor()
    await wall.waitForURL('**/sign-in?next=**', { timeout: 45_000 })
    await wall.getByRole('heading', { name: 'Sign in' }).waitFor()
    // the refusals that took it there are the only problems
    expect(problems.filter((p) => !p.includes('401'))).toEqual([])
    await wall.close()
    await desk.close()
  })
})
