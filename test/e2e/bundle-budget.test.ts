import { expect, test } from 'vitest'
import { BUNDLE_BUDGET_KIB, bundleSizes, SHELL_BUDGET_KIB } from '../../bench/bundle'

/** The budget in docs/architecture.md: first-load JavaScript of any route ≤ 124 KiB gzip, the shell's ≤ 110 KiB. Runs after `npm run build`
 * (size is deterministic, so this is a test). */
const sizes = bundleSizes()

test('there are lazy-loaded pages to measure, the kiosk among them', () => {
  expect(sizes.routes.length).toBeGreaterThanOrEqual(8)
  expect(sizes.routes.map((r) => r.route)).toContain('src/app/kiosk/kiosk-app.tsx')
})

test.each(sizes.routes.map((r) => [r.route, r]))(
  `first-load JavaScript of %s ≤ ${BUNDLE_BUDGET_KIB} KiB gzip`,
  (route, r) => {
    console.info(`${route}: ${r.kib.toFixed(1)} KiB gzip first load (shell ${sizes.shellKib.toFixed(1)} KiB)`)
    expect(r.kib, `${route} loads ${r.files.join(', ')}`).toBeLessThanOrEqual(BUNDLE_BUDGET_KIB)
  },
)

test(`the shell's first-load JavaScript ≤ ${SHELL_BUDGET_KIB} KiB gzip`, () => {
  expect(sizes.shellKib).toBeLessThanOrEqual(SHELL_BUDGET_KIB)
})
