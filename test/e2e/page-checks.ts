import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Locator, Page } from 'playwright-core'

/** The checks every page gets (test/e2e/page-sweep.ts), and the tests that plant a fault to show
 * each check sees it: what sticks out sideways on a phone, touch targets, axe-core, English words. */

export const PHONE = { width: 390, height: 844 }
export const DESK = { width: 1440, height: 900 }

/** Scrolled through to the end and back, so what is drawn only near the screen (tiles, heatmaps) is drawn. */
export const scrollThrough = (page: Page) =>
  page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y)
      await new Promise((resolve) => requestAnimationFrame(resolve))
    }
    window.scrollTo(0, 0)
  })

/** The document's width beyond the phone's screen (0: nothing scrolls sideways). Against the screen's
 * 390 px, not window.innerWidth: a mobile viewport zooms out to show a page wider than the screen, and
 * its innerWidth grows with the page (a 474 px wide machine page had an innerWidth of 474). */
export const sideways = (page: Page) =>
  page.evaluate((width) => document.documentElement.scrollWidth - width, PHONE.width)

/** 'on the first screen' when an element's top is at least 40 px above the screen's foot (`wholly`: its
 * foot on the screen too, and not under a bar); otherwise where it is, and what stands above it: each box
 * of 40 px or more before it (innermost first), the page's scroll and zoom. A failed "first screen" says
 * what pushed it down. */
export const onFirstScreen = (element: Locator, { wholly = false } = {}) =>
  element.evaluate((el, wholly) => {
    const box = el.getBoundingClientRect()
    const top = Math.round(box.top)
    // wholly: the foot on the screen, and nothing (a bar kept at the screen's foot) drawn over it
    const seen = (y: number) => el.contains(document.elementFromPoint(box.left + box.width / 2, y))
    if (wholly ? box.bottom <= window.innerHeight && seen(box.bottom - 2) : top < window.innerHeight - 40)
      return 'on the first screen'
    const above: string[] = []
    for (let node: Element | null = el; node && node !== document.body; node = node.parentElement) {
      for (let before = node.previousElementSibling; before; before = before.previousElementSibling) {
        const height = Math.round(before.getBoundingClientRect().height)
        if (height < 40) continue
        const name = before.getAttribute('aria-label') ?? (before.textContent ?? '').trim().slice(0, 40)
        above.push(`${before.tagName.toLowerCase()} “${name}” ${height} px`)
      }
    }
    const scale = window.visualViewport?.scale ?? 1
    const over = document.elementFromPoint(box.left + box.width / 2, box.bottom - 2)?.closest('[aria-label]')
    return `${top}–${Math.round(box.bottom)} px (under “${over?.getAttribute('aria-label') ?? ''}”) of ${window.innerWidth}×${window.innerHeight} (scrolled ${window.scrollY} px, zoom ${scale}), above it: ${above.join('; ')}`
  }, wholly)

/** Touch targets shown on screen smaller than 44 px in height or width: buttons, fields, summaries, and
 * every link but one inside running text (a sentence: its block holds words of its own beside the link;
 * a flex or grid row, a table cell or a list of links is not a sentence). A link whose ::after is
 * stretched over a box (a tile's name link) has that box as its target. */
export const smallTargets = (page: Page) =>
  page.evaluate(() => {
    const controls = document.querySelectorAll(
      'button, select, input:not([type="checkbox"]):not([type="radio"]):not([type="hidden"]), summary, label:has(> input[type="checkbox"]), a[href]',
    )
    const inSentence = (link: Element) => {
      if (getComputedStyle(link).display !== 'inline') return false
      let block = link.parentElement
      while (block && getComputedStyle(block).display.startsWith('inline')) block = block.parentElement
      if (!block) return false
      const display = getComputedStyle(block).display
      if (/flex|grid|table|list-item/.test(display)) return false
      const own = [...block.childNodes]
        .filter((n) => !n.contains(link))
        .map((n) => n.textContent ?? '')
        .join('')
      return /[\p{L}\p{N}]{2}/u.test(own)
    }
    const target = (el: Element) => {
      const after = getComputedStyle(el, '::after')
      if (after.content !== 'none' && after.position === 'absolute') {
        for (let p: Element | null = el; p; p = p.parentElement)
          if (getComputedStyle(p).position !== 'static') return p.getBoundingClientRect()
      }
      return el.getBoundingClientRect()
    }
    return [...controls]
      .filter((el) => {
        const own = el.getBoundingClientRect()
        // not drawn, or visually hidden for screen readers (a skip link until it has the focus)
        if (own.width <= 1 || own.height <= 1 || getComputedStyle(el).visibility !== 'visible') return false
        if (el.tagName === 'A' && inSentence(el)) return false
        const r = target(el)
        return r.height < 43.5 || r.width < 43.5
      })
      .map((el) => {
        const r = target(el)
        return `${el.tagName.toLowerCase()} “${(el.textContent ?? '').trim().slice(0, 30)}” ${Math.round(r.width)}×${Math.round(r.height)}`
      })
  })

/** What sticks out past the screen's right edge (the outermost element of each), and every box that
 * scrolls sideways without a name or a place in the keyboard's order. */
export const wideness = async (page: Page) => {
  // a scroll box names itself from a ResizeObserver, whose state React renders in a task after the
  // frame: measure once the frame it was laid out in, and the task after it, have passed
  await page.evaluate(
    () =>
      new Promise<void>((done) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 0))),
      ),
  )
  return page.evaluate((width) => {
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${String(el.getAttribute('class') ?? '')
        .split(' ')
        .slice(0, 4)
        .join('.')} “${(el.textContent ?? '').trim().slice(0, 30)}”`
    // an element sticks out when it reaches past the screen's right edge and no box around it clips it
    // (a scroll box's content is the scroll box's business); only the outermost of each is named
    const clipped = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement)
        if (getComputedStyle(p).overflowX !== 'visible') return true
      return false
    }
    const past = (el: Element | null): el is Element =>
      el !== null && el !== document.body && el.getBoundingClientRect().right > width + 0.5 && !clipped(el)
    const sticksOut = [...document.body.querySelectorAll('*')]
      .filter((el) => past(el) && !past(el.parentElement))
      .map((el) => `${describe(el)}: right edge at ${Math.round(el.getBoundingClientRect().right)}`)
    const unnamedScrollers = [...document.body.querySelectorAll('*')]
      // one not shown (in a closed <details>) is measured, and named, when it is opened
      .filter((el) => el.checkVisibility())
      .filter((el) => {
        const overflow = getComputedStyle(el).overflowX
        return (overflow === 'auto' || overflow === 'scroll') && el.scrollWidth > el.clientWidth + 1
      })
      .filter(
        (el) =>
          !(el instanceof HTMLElement && el.tabIndex >= 0) ||
          !(el.getAttribute('aria-label') || el.getAttribute('aria-labelledby')),
      )
      .map(describe)
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      sticksOut,
      unnamedScrollers,
    }
  }, PHONE.width)
}

// evaluated through the DevTools protocol: the app's CSP (script-src 'self') rightly refuses a script tag
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

interface Violation {
  id: string
  impact: string | null
  help: string
  nodes: Array<{ target: string[] }>
}

/** axe-core's serious and critical violations on the page as it is now (WCAG 2.x A and AA rules and
 * axe's best practices), one line each. */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE)
  const found = (await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: unknown[] }> }
      }
    ).axe
    const result = await axe.run(document, { resultTypes: ['violations'] })
    return result.violations
  })) as Violation[]
  return found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.length}×, e.g. ${v.nodes[0]?.target.join(' ')})`)
}

const catalogues = new Map<string, Record<string, string>>()
export function catalogue(language: string): Record<string, string> {
  let read = catalogues.get(language)
  if (!read) {
    read = JSON.parse(readFileSync(`src/lib/i18n/locales/${language}.json`, 'utf8')) as Record<string, string>
    catalogues.set(language, read)
  }
  return read
}

/** The English catalogue's fixed words, piece by piece ("Could not refresh:" of "Could not refresh:
 * {error}."), that `language` writes otherwise; short pieces (units, "ID") are left out, as they may be
 * the same words in both. */
export function englishWords(language: string): string[] {
  const english = catalogue('en')
  const own = catalogue(language)
  const pieces = new Set<string>()
  for (const [key, text] of Object.entries(english)) {
    if (own[key] === text) continue
    // the literal text between arguments and outside plural and select branches
    for (const piece of text.split(/\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}/)) {
      const words = piece.trim().replace(/^[,.;:·()–—\s]+|[,.;:·()–—\s]+$/g, '')
      if (words.length >= 8 && /[a-z]{3}/.test(words) && !Object.values(own).some((t) => t.includes(words)))
        pieces.add(words)
    }
  }
  return [...pieces]
}

/** What a person reads on the page, and what screen readers read of it. */
export async function textOf(page: Page): Promise<string> {
  return page.evaluate(() => {
    const names = [...document.querySelectorAll('[aria-label],[title],[placeholder],[alt]')].flatMap((el) =>
      ['aria-label', 'title', 'placeholder', 'alt'].map((name) => el.getAttribute(name) ?? ''),
    )
    return [document.title, document.body.innerText, ...names].join('\n')
  })
}

/** What of `language`'s page is not its language: English words of the catalogue, and message names
 * (a message missing from the page's piece shows as its name; built, as its short name: §1k). */
export function notInLanguage(text: string, words: readonly string[]): string[] {
  const names = Object.keys(catalogue('en'))
  return [
    ...words.filter((w) => text.includes(w)),
    ...names.filter((name) => text.includes(name)),
    ...(text.match(/§[0-9a-z]+/g) ?? []),
  ]
}
