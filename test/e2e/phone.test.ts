import { describe, expect, test } from 'vitest'
import { appInChromium, collectProblems, sharedServer } from './harness'
import { onFirstScreen, PHONE, scrollThrough, sideways, smallTargets, wideness } from './page-checks'

/**
 * Issue 20 on a phone (390×844): the first screen shows machines or answers, not controls; nothing
 * scrolls sideways; every control is a touch target of at least 44 px; the machine picker opens on screen.
 */
const app = appInChromium({}, { shared: 'factory' })

const open = async (path: string) => {
  const page = await app.browser.newPage({ viewport: PHONE, hasTouch: true, isMobile: true })
  const problems = collectProblems(page)
  await page.goto(`${app.server.url}${path}`)
  return { page, problems }
}

describe('on a phone (390×844)', () => {
  test('the checks of every page (page-sweep.ts) see what sticks out, unnamed scroll boxes, small targets', async () => {
    const { page } = await open('/no-such-page')
    await page.getByRole('heading', { level: 1 }).waitFor()
    expect(await wideness(page)).toEqual({
      scrollWidth: PHONE.width,
      innerWidth: PHONE.width,
      sticksOut: [],
      unnamedScrollers: [],
    })
    expect(await smallTargets(page)).toEqual([])
    // in the body (a page's own boxes may clip what is planted in them, and clipped is not sideways), sized
    // through the CSSOM: the app's CSP refuses style attributes
    await page.evaluate(() => {
      const add = (tag: string, width: string, parent: HTMLElement = document.body) => {
        const el = parent.appendChild(document.createElement(tag))
        el.style.width = width
        el.textContent = tag === 'div' ? '' : 'x'
        return el
      }
      add('p', '600px').id = 'wide'
      const box = add('div', '100%')
      box.id = 'box'
      box.style.overflowX = 'auto'
      add('p', '900px', box)
      const button = add('button', '20px')
      button.style.height = '20px'
      // a link in a sentence is read there and is no target of its own; one alone, or in a row of links, is
      const link = (text: string, parent: HTMLElement) => {
        const a = parent.appendChild(document.createElement('a'))
        a.href = '#'
        a.textContent = text
      }
      const sentence = add('p', '300px')
      sentence.textContent = 'Read the '
      link('guide', sentence)
      sentence.append(' before you start.')
      link('alone', add('div', '300px'))
      const row = add('p', '300px')
      row.textContent = ''
      row.style.display = 'flex'
      link('one', row)
      row.append(' · ')
      link('two', row)
    })
    const measured = await wideness(page)
    expect(measured.sticksOut).toEqual([expect.stringMatching(/^p#wide\..*right edge at \d+$/)])
    expect(measured.unnamedScrollers).toEqual([expect.stringMatching(/^div#box/)])
    expect(await sideways(page)).toBeGreaterThan(0)
    expect(await smallTargets(page)).toEqual([
      'button “x” 20×20',
      expect.stringMatching(/^a “alone” \d+×\d+$/),
      expect.stringMatching(/^a “one” \d+×\d+$/),
      expect.stringMatching(/^a “two” \d+×\d+$/),
    ])
    await page.close()
  })

  test('the board: machines on the first screen, the filters behind one button that counts them', async () => {
    const { page, problems } = await open('/machines?location=1&sort=name')
    const first = page.getByRole('article').first()
    await first.waitFor()
    // the first machine whole: its state, design and progress read without scrolling
    expect(await onFirstScreen(first, { wholly: true })).toBe('on the first screen')
    // the states' chips, the codes' link and the pace wait behind one button
    const chip = page.getByRole('button', { name: /Running: \d+/ })
    expect(await chip.isVisible()).toBe(false)
    await page.getByRole('button', { name: /^States and pace/ }).click()
    await chip.waitFor()
    await page.getByRole('link', { name: 'What the status codes mean' }).waitFor()
    // the controls are folded: the location picker is not shown until asked for
    const filters = page.getByRole('button', { name: /^Filters · 2 set/ })
    await expect.poll(() => filters.getAttribute('aria-expanded')).toBe('false')
    expect(await page.getByLabel('Location', { exact: true }).isVisible()).toBe(false)
    await filters.click()
    expect(await page.getByLabel('Location', { exact: true }).isVisible()).toBe(true)
    // the machine picker opens on screen
    await page.getByText(/^Machines: /).click()
    const picker = page.getByRole('group', { name: 'Machines' })
    const box = (await picker.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width)
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height)
    await page.keyboard.press('Escape')
    expect(await sideways(page)).toBe(0)
    expect(await smallTargets(page)).toEqual([])
    // the navigation is behind "Menu"; opened, its links are large enough to touch, the wall display too
    await page.getByRole('button', { name: /^Menu/ }).click()
    const nav = page.getByRole('navigation', { name: 'Main' })
    await nav.getByRole('link', { name: 'Wall display' }).waitFor()
    expect(await smallTargets(page)).toEqual([])
    await nav.getByRole('link', { name: 'Thread breaks' }).click()
    await page.waitForURL(/\/threadbreaks/)
    // the menu closes once the new page is drawn (the address changes first)
    await nav.waitFor({ state: 'hidden' })
    expect(problems).toEqual([])
    await page.close()
  })

  test('the board: every link and button is a target of at least 44 px; a tap anywhere on a tile opens it', async () => {
    const { page, problems } = await open('/machines')
    await page.getByRole('article').first().waitFor()
    await page.waitForLoadState('networkidle')
    await scrollThrough(page)
    // a link's target is its own box, or the box its ::after is stretched over (a tile's name link)
    const targets = await page.evaluate(() =>
      [...document.querySelectorAll('a, button')].flatMap((el) => {
        const own = el.getBoundingClientRect()
        if (own.width <= 1 || own.height <= 1 || getComputedStyle(el).visibility !== 'visible') return []
        const after = getComputedStyle(el, '::after')
        const stretched =
          after.content !== 'none' && after.position === 'absolute' && el instanceof HTMLElement
            ? el.offsetParent?.getBoundingClientRect()
            : undefined
        const box = stretched && stretched.height > own.height ? stretched : own
        return [
          {
            target: `${el.tagName.toLowerCase()} “${(el.textContent ?? '').trim().slice(0, 30)}”`,
            height: Math.round(box.height * 10) / 10,
            width: Math.round(box.width * 10) / 10,
          },
        ]
      }),
    )
    expect(targets.length).toBeGreaterThan(10)
    expect(targets.filter((t) => t.height < 44 || t.width < 44)).toEqual([])
    // the tile's target is real: its middle and its footer are its name link's
    const tile = page.getByRole('article').first()
    // wholly on the screen (the shift's pace line above the tiles may leave its foot below the fold)
    await tile.evaluate((el) => el.scrollIntoView({ block: 'center' }))
    const box = (await tile.boundingBox())!
    const linkAt = (x: number, y: number) =>
      page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.closest('a')?.textContent ?? null, [x, y])
    const name = (await tile.getByRole('link').textContent())!
    expect(await linkAt(box.x + box.width / 2, box.y + box.height / 2)).toBe(name)
    expect(await linkAt(box.x + box.width - 12, box.y + box.height - 8)).toBe(name)
    await tile.tap({ position: { x: box.width / 2, y: box.height - 12 } })
    await page.getByRole('heading', { level: 1, name }).waitFor()
    expect(problems).toEqual([])
    await page.close()
  })

  test('a machine page: the machine first, nothing sideways, large targets', async () => {
    const { page, problems } = await open('/machines/AS-1042')
    const heading = page.getByRole('heading', { level: 1 })
    await heading.waitFor()
    await page.getByRole('heading', { name: 'Design' }).waitFor()
    expect((await page.getByRole('heading', { name: 'Design' }).boundingBox())!.y).toBeLessThan(
      PHONE.height - 40,
    )
    await page.getByRole('heading', { name: 'Thread breaks by head and needle' }).waitFor()
    expect(await sideways(page)).toBe(0)
    expect(await smallTargets(page)).toEqual([])
    expect(problems).toEqual([])
    await page.close()
  })

  test('thread breaks: the first answer on the first screen, filters folded', async () => {
    const { page, problems } = await open('/threadbreaks')
    const answer = page.getByRole('complementary', { name: 'Where to look first' })
    await answer.waitFor()
    expect(await onFirstScreen(answer)).toBe('on the first screen')
    await page
      .getByRole('img', { name: /thread breaks by head and needle/ })
      .first()
      .waitFor()
    expect(await page.getByRole('button', { name: /^Filters/ }).isVisible()).toBe(true)
    expect(await sideways(page)).toBe(0)
    expect(await smallTargets(page)).toEqual([])
    expect(problems).toEqual([])
    await page.close()
  })

  test('thread cones: the answer on the first screen, readable (not two characters a line)', async () => {
    const { page, problems } = await open('/thread-cones?m=Lumen+Threads&s=LUMEN+Classic+40+v2&c=A107')
    const card = page.getByRole('article', { name: 'Colour a107' })
    await card.waitFor()
    expect(await onFirstScreen(card)).toBe('on the first screen')
    // the colour's name on one line: at least 10 characters fit a line of the answer
    const name = card.getByText('Pale Green 1', { exact: true })
    const { height, lineHeight } = await name.evaluate((el) => ({
      height: el.getBoundingClientRect().height,
      lineHeight: Number.parseFloat(getComputedStyle(el).lineHeight),
    }))
    expect(height).toBeLessThan(lineHeight * 1.5)
    // below the card on a phone, the comparison with every other series is made when scrolled to
    await page.evaluate(() => window.scrollBy(0, 700))
    await page.getByRole('heading', { name: 'Nearest in other series' }).waitFor()
    await page.getByRole('list').filter({ hasText: 'ΔE00' }).getByRole('listitem').first().waitFor()
    expect(await sideways(page)).toBe(0)
    expect(await smallTargets(page)).toEqual([])
    expect(problems).toEqual([])
    await page.close()
  })
})

describe('on a phone (390×844), the company of 200 machines', () => {
  // the run's company of 200, looked at with this file's Chromium
  const large = sharedServer('large')
  for (const path of ['/machines', '/threadbreaks']) {
    test(`${path}: the first machine or answer on the first screen, nothing sideways, large targets`, async () => {
      const page = await app.browser.newPage({ viewport: PHONE, hasTouch: true, isMobile: true })
      const problems = collectProblems(page)
      await page.goto(`${large.url}${path}`)
      const first =
        path === '/machines'
          ? page.getByRole('article').first()
          : page.getByRole('complementary', { name: 'Where to look first' })
      await first.waitFor()
      expect(await onFirstScreen(first, { wholly: path === '/machines' })).toBe('on the first screen')
      await page.waitForLoadState('networkidle')
      expect(await sideways(page)).toBe(0)
      expect(await smallTargets(page)).toEqual([])
      expect(problems).toEqual([])
      await page.close()
    })
  }

  test('a maintenance task due on a machine is signed off in two taps', async () => {
    const page = await app.browser.newPage({ viewport: PHONE, hasTouch: true, isMobile: true })
    const problems = collectProblems(page)
    // the name this phone gave before ("I'm on it", a reason) is remembered
    await page.addInitScript(() => localStorage.setItem('stitchboard.on-it-name', 'Jonas'))
    await page.goto(`${app.server.url}/maintenance`)
    const count = page.getByText(/^\d+\soverdue, \d+\sdue soon\.$/)
    await count.waitFor()
    const before = Number(/^(\d+)/.exec((await count.textContent())!)![1])
    expect(before).toBeGreaterThan(0)
    // the first row is the most overdue: its state in words (not only its colour) and its button on screen
    const row = page.getByRole('listitem').filter({ hasText: 'Overdue' }).first()
    const signOff = row.getByRole('button', { name: /^Sign off / })
    expect(await onFirstScreen(signOff, { wholly: true })).toBe('on the first screen')
    const [, task] = /^Sign off (.+) on (.+)$/.exec((await signOff.getAttribute('aria-label'))!)!
    // tap 1, tap 2
    await signOff.tap()
    await row.getByRole('button', { name: 'Confirm sign-off' }).tap()
    await page
      .getByRole('status')
      .filter({ hasText: `Signed off: “${task}” on ` })
      .waitFor()
    await expect
      .poll(async () => (await count.textContent()) ?? '')
      .toMatch(new RegExp(`^${before - 1}\\soverdue`))
    // the log keeps who did it (the filters are folded on a phone)
    await page.getByRole('button', { name: /^Filters/ }).tap()
    await page.getByLabel('Show').selectOption('done')
    await page
      .getByRole('listitem')
      .filter({ hasText: task })
      .filter({ hasText: 'by Jonas' })
      .first()
      .waitFor()
    expect(problems).toEqual([])
    await page.close()
  })
})
