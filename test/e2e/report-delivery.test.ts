import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { createDatabase } from '../history/postgres-server'
import { csvRows, pdfText, startHookReceiver, startMailReceiver } from '../receivers'
import { until } from '../until'
import { freePort, launchChromium, type Running, startProcess } from './harness'

/**
 * Issue 37's acceptance on the demo: a shift ends and its report arrives by itself, once, by e-mail (a mail
 * server this test starts) and at a webhook; the e-mail's HTML, its PDF and its CSV say what the report's page
 * says. The server runs on a pinned clock: first ten minutes before the Early shift of 18 November ends
 * (14:00 in Berlin), where the channels are chosen, then again on the same database a few seconds before
 * its end.
 */
const END = Date.UTC(2026, 10, 18, 13, 0)
const ADMIN = 'report-delivery-admin-token'
const clockAt = (at: number) => ({
  TEST_CLOCK_AT_MS: String(at),
  TEST_CLOCK_OFFSET_MS: String(at - Date.now()),
})

let mail: Awaited<ReturnType<typeof startMailReceiver>>
let hooks: Awaited<ReturnType<typeof startHookReceiver>>
let server: Running | null = null
let browser: Browser
let env: Record<string, string>
let url = ''

beforeAll(async () => {
  ;[mail, hooks, browser] = await Promise.all([startMailReceiver(), startHookReceiver(), launchChromium()])
  const port = await freePort()
  url = `http://127.0.0.1:${port}`
  env = {
    PORT: String(port),
    PUBLIC_URL: url,
    SMTP_URL: mail.url,
    ALERT_MAIL_FROM: 'stitchboard@factory.example',
    ADMIN_TOKEN: ADMIN,
    REPORT_GRACE_MINUTES: '0',
    POLL_SECONDS: '2',
    DATABASE_URL: await createDatabase(inject('databaseUrl'), `report_delivery_${process.pid}`),
  }
})
afterAll(async () => {
  await server?.stop()
  await browser?.close()
  await mail?.close()
  await hooks?.close()
})

const json = async (path: string, body?: unknown) => {
  const answer = await fetch(`${url}${path}`, {
    ...(body === undefined
      ? {}
      : {
          method: 'POST',
          body: JSON.stringify(body),
          headers: { 'Content-Type': 'application/json', Origin: url, Authorization: `Bearer ${ADMIN}` },
        }),
  })
  const value = (await answer.json()) as Record<string, unknown>
  if (!answer.ok) throw new Error(`${path}: HTTP ${answer.status} ${JSON.stringify(value)}`)
  return value
}
type Listed = { id: number; kind: string; shift: string; day: string }
const listed = async () =>
  ((await json('/api/shift-reports?from=2026-11-16&till=2026-11-18')).reports as Listed[]) ?? []

/** A report as words: each section's title, its facts as label–value rows and its tables' rows. */
interface Words {
  titles: string[]
  rows: string[][]
}
const textOf = (page: Page, root: string): Promise<Words> =>
  page.evaluate((selector) => {
    const clean = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim()
    const scope = document.querySelector(selector)!
    const titles = [...scope.querySelectorAll('h2')].map((h) => clean(h.textContent))
    const rows: string[][] = []
    for (const element of scope.querySelectorAll('dl > div, table:not([role="presentation"]) > tbody > tr')) {
      const cells = element.matches('div')
        ? element.querySelectorAll('dt, dd')
        : element.querySelectorAll('th, td')
      rows.push([...cells].map((c) => clean(c.textContent)))
    }
    return { titles, rows }
  }, root)

describe('the shift report that arrives by itself', () => {
  test('the end of a shift brings one e-mail whose HTML, PDF and CSV agree with the report’s page', async () => {
    // ten minutes before the end: the shifts that ended before are reported (to nobody yet)
    server = await startProcess('server/main.ts', { ...env, ...clockAt(END - 10 * 60_000) })
    await until('the reports of the shifts before', listed, (r) =>
      r.some((x) => x.kind === 'day' && x.day === '2026-11-17'),
    )
    const alerts = (await json('/api/alerts/settings')).settings as Record<string, unknown>
    await json('/api/alerts/settings', {
      ...alerts,
      channels: [
        { name: 'Production managers', kind: 'email', to: ['ops@factory.example'], language: null },
        { name: 'Plant system', kind: 'webhook', url: `${hooks.url}/hook`, language: null },
      ],
    })
    await json('/api/report-settings', {
      by: 'Marta',
      settings: {
        channels: { shift: ['production-managers', 'plant-system'], day: [], week: [] },
        graceMinutes: 0,
        dailyAt: '07:00',
        weeklyDay: 1,
        weeklyAt: '07:30',
      },
    })
    const before = (await listed()).length
    await server.stop()
    expect(mail.mails).toHaveLength(0)

    // the same database a few seconds before the end: the Early shift ends, its report is built and sent
    server = await startProcess('server/main.ts', { ...env, ...clockAt(END - 3000) })
    const health = await until(
      'the report delivered to both channels',
      async () => (await json('/api/report-settings')).health as Array<{ channelId: string; sent: number }>,
      (h) => h.length === 2 && h.every((c) => c.sent >= 1),
      { seconds: 90 },
    )
    expect(health.map((h) => [h.channelId, h.sent])).toEqual([
      ['plant-system', 1],
      ['production-managers', 1],
    ])
    const early = (await listed()).find(
      (r) => r.kind === 'shift' && r.shift === 'Early' && r.day === '2026-11-18',
    )!
    expect(early).toBeDefined()
    expect((await listed()).length).toBe(before + 1)
    expect(mail.mails).toHaveLength(1)
    expect(hooks.received).toHaveLength(1)
    const [message] = mail.mails
    expect(message!.subject).toBe('[stitchboard] Shift report: Early, Nov 18, 2026')
    expect(hooks.received[0]!.body).toMatchObject({
      type: 'report',
      id: early.id,
      url: `${url}/shift-reports/${early.id}`,
    })

    // the page, as a supervisor opens it from the e-mail's link
    const html = String(message!.html)
    expect(html).toContain(`href="${url}/shift-reports/${early.id}"`)
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
    await page.goto(`${url}/shift-reports/${early.id}`)
    await page.getByRole('heading', { level: 1, name: 'Shift report: Early, Nov 18, 2026' }).waitFor()
    await page.getByRole('heading', { level: 2, name: 'Alerts' }).waitFor()
    const onPage = await textOf(page, 'article')
    // the e-mail as a mail client shows it
    const inMail = await browser.newPage({ viewport: { width: 1440, height: 900 } })
    await inMail.setContent(html)
    const mailed = await textOf(inMail, 'body')
    expect(mailed.titles).toEqual(onPage.titles)
    expect(mailed.rows).toEqual(onPage.rows)
    expect(onPage.rows.length).toBeGreaterThan(10)
    // the PDF: every section and every row, its cells in order
    const [pdf, csv] = message!.attachments
    expect(pdf!.contentType).toBe('application/pdf')
    // (pdftotext reads a narrow column's spaces as it likes: "2 d 4 h" may come out "2d4h", so spaces are
    // left out of the comparison)
    const bare = (text: string) => text.replace(/\s+/g, '')
    const pdfWords = bare(pdfText(pdf!.content))
    for (const title of onPage.titles) expect(pdfWords).toContain(bare(title))
    for (const row of onPage.rows) expect(pdfWords).toContain(bare(row.join('')))
    // the CSV: every value of the page, under its section, row and column
    const rows = csvRows(csv!.content.toString('utf8'))
    // (the page's words are read with their spaces as one, as a reader sees them; the CSV keeps the
    // non-breaking ones between a number and its unit)
    const values = rows.slice(1).map((r) => [r[2], r[4]!.replace(/^'/, '').replace(/\s+/g, ' ')])
    for (const row of onPage.rows)
      for (const cell of row.slice(1)) expect(values).toContainEqual([row[0], cell])

    // looked at: the e-mail on a desk and a phone, its PDF's pages, and the page printed from Chromium
    const out = 'test-results/report-delivery'
    mkdirSync(out, { recursive: true })
    await inMail.screenshot({ path: `${out}/mail-desk-1440.png`, fullPage: true })
    await inMail.setViewportSize({ width: 390, height: 844 })
    await inMail.screenshot({ path: `${out}/mail-phone-390.png`, fullPage: true })
    const folder = mkdtempSync(join(tmpdir(), 'report-pdf-'))
    try {
      writeFileSync(join(folder, 'mailed.pdf'), pdf!.content)
      await page.emulateMedia({ media: 'print' })
      writeFileSync(
        join(folder, 'printed.pdf'),
        await page.pdf({
          format: 'A4',
          margin: { top: '12mm', bottom: '12mm', left: '12mm', right: '12mm' },
        }),
      )
      for (const name of ['mailed', 'printed'])
        execFileSync('pdftoppm', ['-png', '-r', '60', join(folder, `${name}.pdf`), join(out, `${name}-pdf`)])
      expect(readdirSync(out).filter((f) => f.startsWith('mailed-pdf')).length).toBeGreaterThan(0)
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
    await page.close()
    await inMail.close()
    // two server starts and a delivery on a busy machine: a safety net, not a measurement
  }, 150_000)
})
