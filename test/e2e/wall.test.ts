import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Language } from '../../src/lib/i18n/translator'
import { speaking } from '../messages'
import { launchChromium, pauseClock, type Running, sharedServer } from './harness'
import { holdStill } from './wall-checks'

/**
 * Issue 20 in Chromium: the status board on the wall (kiosk, 1920×1080 and 3840×2160), for the demo
 * factory (44 machines) and the demo company of 200 (`demo-key-c`). Nothing is cut off or scrolls; the
 * machines that need attention are cards whose name, state and time render at ≥ 52 px on 1080 px (the same
 * share of the height on 4K); more cards than fit are split into screens that take turns.
 */
// the run's servers: the wall only reads
const factory = sharedServer('factory')
const large = sharedServer('large')
let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(() => browser?.close())

/** Elements of the shown kiosk page whose content is clipped (taller or wider than their box). */
const clipped = (page: Page) =>
  page.evaluate(() => {
    const shown = [...document.querySelectorAll('main > section')].find(
      (s) => getComputedStyle(s).visibility === 'visible',
    )
    const found: string[] = []
    for (const el of [shown, ...(shown?.querySelectorAll('*') ?? [])] as HTMLElement[]) {
      if (!el || el.clientHeight <= 1 || getComputedStyle(el).visibility !== 'visible') continue
      // the kiosk's window onto a page a screen at a time, and the page in it, taller than one screen when it
      // has several (what the window cuts is checked below, per page)
      if (el.matches('[data-kiosk-pager], [data-kiosk-window], [data-kiosk-window] > div')) continue
      if (el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1)
        found.push(`${el.tagName.toLowerCase()}.${el.className}`.slice(0, 120))
    }
    const doc = document.documentElement
    if (doc.scrollHeight > window.innerHeight || doc.scrollWidth > window.innerWidth)
      found.push('the document')
    return found
  })

/** The computed font size (px) of each card's name, state and time. */
const cardFonts = (page: Page, list: string) =>
  page
    .getByRole('list', { name: list })
    .locator('[data-wall]')
    .evaluateAll((els) => els.map((el) => Number.parseFloat(getComputedStyle(el).fontSize)))

describe('the status board on the wall', () => {
  // German too, whose words are the longest (the wall's language is its browser's here)
  for (const [name, server, size, language] of [
    ['the demo factory (44 machines), 1920×1080', () => factory, { width: 1920, height: 1080 }, 'en'],
    ['the demo company of 200 machines, 1920×1080', () => large, { width: 1920, height: 1080 }, 'en'],
    ['the demo company of 200 machines, 3840×2160', () => large, { width: 3840, height: 2160 }, 'en'],
    [
      'the demo company of 200 machines in German, 1920×1080',
      () => large,
      { width: 1920, height: 1080 },
      'de',
    ],
    [
      'the demo company of 200 machines in German, 3840×2160',
      () => large,
      { width: 3840, height: 2160 },
      'de',
    ],
    [
      'the demo factory (44 machines) in Spanish, 1920×1080',
      () => factory,
      { width: 1920, height: 1080 },
      'es',
    ],
  ] as const satisfies ReadonlyArray<readonly [string, () => Running, object, Language]>) {
    test(`${name}: nothing cut off; attention cards in large type; every card in a turn`, async () => {
      const { t } = speaking(language)
      const page = await browser.newPage({ viewport: size, locale: language })
      // the machines and alerts held still while the screens are counted: no live stream (the board falls
      // back to polling, on timers), the alerts' band as first answered (a new alert changes its height,
      // and with it the screens, as a changed machine does), and the page's clock paused once the board
      // is drawn, then stepped
      await holdStill(page)
      // flag stops after 1 min, so that the wall has many machines to call out; no refresh while the
      // screens are stepped through (the band above the page leaves more screens, more turns)
      await page.goto(`${server().url}/kiosk?pages=status&dwell=3&refresh=600&status.attention=1`)
      const cards = page.getByRole('list', { name: t('machines.wall.attentionList') }).getByRole('article')
      await cards.first().waitFor()
      // and the reasons read (a card with a reason line is taller: the screens are counted with them)
      await page
        .getByRole('list', { name: t('machines.wall.attentionList') })
        .and(page.locator('[aria-busy="false"]'))
        .waitFor()
      await pauseClock(page, 500)
      await page.clock.runFor(500)
      // "Needs attention: 12", in the wall's language
      const [before] = t('machines.attention.count', { count: 7 }).split('7')
      const counted = page.getByText(new RegExp(`^${before}\\d+$`))
      const total = Number(/(\d+)$/.exec((await counted.textContent()) ?? '')?.[1])
      expect(total).toBeGreaterThan(0)
      expect(await clipped(page)).toEqual([])
      // and under the cards, on the screen, every other machine: as chips, or counted
      expect(await quietShown(page, t)).toBe(true)
      const fonts = await cardFonts(page, t('machines.wall.attentionList'))
      expect(fonts.length).toBeGreaterThanOrEqual(3)
      expect(Math.min(...fonts)).toBeGreaterThanOrEqual((52 * size.height) / 1080)

      // the screens take turns: every machine called out is a card on one of them
      const title = page.getByRole('banner').getByRole('heading', { level: 1 })
      const [, first = '1', count = '1'] = / (\d+)\/(\d+)$/.exec((await title.textContent()) ?? '') ?? []
      const screens = Number(count)
      // on a busy machine the first turn may come before the clock is paused: from the screen shown, each
      // next one in turn until every screen was shown once
      let shown = Number(first)
      const seen = new Set<string>()
      for (let turn = 0; turn < screens; turn++) {
        if (turn > 0) {
          await page.clock.runFor(3000)
          shown = (shown % screens) + 1
          await expect.poll(() => title.textContent()).toMatch(new RegExp(` ${shown}/${screens}$`))
        }
        for (const label of await cards.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label'))))
          seen.add((label ?? '').split(':')[0]!)
        expect(await clipped(page)).toEqual([])
      }
      expect(seen.size).toBe(total)
      // the company of 200 has more cards than one 1080-px screen holds: the split is exercised
      if (server() === large && size.height === 1080) expect(screens).toBeGreaterThan(1)
      await page.close()
    })
  }

  // the shift's pace in its largest type over the 44 machines' chips, where no card calls out: its box
  // ends where the chips begin, and a location's line was cut in half there (German's are the longest)
  for (const language of ['de', 'en', 'es'] as const)
    test(`no card, the pace over the chips (${language}): no line of it cut`, async () => {
      const page = await browser.newPage({ viewport: { width: 1920, height: 1080 }, locale: language })
      await holdStill(page)
      await page.goto(`${factory.url}/kiosk?pages=status&dwell=600&refresh=600&status.attention=600`)
      await page.locator('main [data-wall="pace"]').waitFor()
      await expect.poll(() => page.locator('main [aria-busy="true"]').count()).toBe(0)
      await pauseClock(page, 500)
      await page.clock.runFor(500)
      expect(await clipped(page)).toEqual([])
      await page.close()
    })

  test('one to three cards in German: whole, on one screen, and the other 198 machines under them', async () => {
    const { t } = speaking('de')
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 }, locale: 'de' })
    await holdStill(page)
    // flag stops after ten hours: only the machines that stopped reporting call out (two of the 200, silent
    // for hours; "Meldet sich nicht" and "keine Meldung seit 2 h 9 min" take two lines each on a card)
    await page.goto(`${large.url}/kiosk?pages=status&dwell=600&refresh=600&status.attention=600`)
    const list = page.getByRole('list', { name: t('machines.wall.attentionList') })
    await list.and(page.locator('[aria-busy="false"]')).waitFor()
    await pauseClock(page, 500)
    await page.clock.runFor(500)
    const cards = await list.getByRole('article').count()
    expect(cards).toBeGreaterThanOrEqual(1)
    expect(cards).toBeLessThanOrEqual(3)
    // the cards take the room they need (a fixed half of the screen for the chips cut one at its foot and
    // made two screens of one row); the chips, or their counts, what is left
    expect(await clipped(page)).toEqual([])
    const title = page.getByRole('banner').getByRole('heading', { level: 1 })
    expect(await title.textContent()).not.toMatch(/\d+\/\d+$/)
    const [before] = t('machines.wall.others', { count: 7 }).split('7')
    const chips = page.getByRole('region', { name: t('machines.wall.otherMachines') }).getByRole('link')
    const counts = page.getByText(new RegExp(`^${before}198`))
    expect((await chips.count()) + (await counts.count())).toBeGreaterThan(0)
    expect(await quietShown(page, t)).toBe(true)
    await page.screenshot({ path: 'test-results/wall-few-cards-de-1920.png' })
    await page.close()
  })
})

describe('the exception page on the wall', () => {
  test('overdue maintenance, quietly, below the machines that need someone', async () => {
    const { t } = speaking('en')
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 }, locale: 'en' })
    await holdStill(page)
    await page.goto(`${factory.url}/kiosk?pages=status&exceptions=1&dwell=600&refresh=600`)
    // the exception page comes first; its machines, then the tasks overdue (the demo has some)
    const shown = page.getByRole('region', { name: t('kiosk.exceptions.title') })
    const tasks = shown.getByRole('region', { name: /^Maintenance overdue: \d+\stasks?$/ }).first()
    await tasks.waitFor()
    await pauseClock(page, 500)
    const cards = shown.locator('[data-kiosk-window] li.rounded-lg')
    expect(await cards.count()).toBeGreaterThan(0)
    const lastCard = (await cards.last().boundingBox())!
    const box = (await tasks.boundingBox())!
    expect(box.y).toBeGreaterThanOrEqual(lastCard.y + lastCard.height)
    // quiet: in less than half the type of a machine's name
    const size = (el: Element) => Number.parseFloat(getComputedStyle(el).fontSize)
    const taskSize = await tasks.getByRole('listitem').first().evaluate(size)
    const nameSize = await cards.first().locator('p').first().evaluate(size)
    expect(taskSize).toBeLessThan(nameSize / 2)
    expect(await tasks.getByRole('listitem').count()).toBeGreaterThan(0)
    expect(await tasks.getByRole('listitem').first().textContent()).toMatch(/^.+: .+ \(.+ of .+\)$/)
    expect(await clipped(page)).toEqual([])
    await page.screenshot({ path: 'test-results/wall-exceptions-maintenance-1920.png' })
    await page.close()
  })
})

/** Whether the quiet machines (their chips, or the line counting them) are inside the shown screen's
 * window: the measuring copy of every card once made the pager count a second screen, and its window cut
 * the page above them. */
const quietShown = async (page: Page, t: ReturnType<typeof speaking>['t']) => {
  const [others] = t('machines.wall.others', { count: 7 }).split('7')
  const quiet = page
    .getByRole('region', { name: t('machines.wall.otherMachines') })
    .or(page.getByText(new RegExp(`^${others}\\d+`)))
  const box = await quiet.first().boundingBox()
  const frame = await page
    .locator('main > section:visible [data-kiosk-window]')
    .first()
    .evaluate((el) => el.getBoundingClientRect().bottom)
  return box !== null && box.height > 0 && box.y + box.height <= frame + 1
}
