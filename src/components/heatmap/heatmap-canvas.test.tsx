import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { buildThreadbreakCount } from '../../../test/build-machine'
import { HeatmapCanvas } from './heatmap-canvas'
import { machineGrid } from './heatmap-grid'

const grid = machineGrid(
  [
    buildThreadbreakCount({ head: 1, needle: 2, count: 3 }),
    buildThreadbreakCount({ head: 2, needle: 0, count: 1 }),
    buildThreadbreakCount({ head: 3, needle: 3, count: 5 }),
  ],
  2,
  2,
  { bobbin: true },
)

test('the keyboard reads every cell: Tab to the heatmap, arrows to move, a live region says the value', async () => {
  const user = userEvent.setup()
  render(<HeatmapCanvas grid={grid} max={5} label="Machine A" />)
  const canvas = screen.getByRole('img', { name: /Machine A: thread breaks by head and needle, 9\sin all/ })
  const live = () => document.querySelector('[aria-live="polite"]')?.textContent
  await user.tab()
  expect(canvas).toHaveFocus()
  expect(live()).toBe('Head 1, bobbin: 0\u00a0breaks')
  await user.keyboard('{ArrowRight}{ArrowRight}')
  expect(live()).toBe('Head 1, needle 2: 3\u00a0breaks')
  await user.keyboard('{ArrowDown}{Home}')
  expect(live()).toBe('Head 2, bobbin: 1\u00a0break')
  // row 3 came from a row outside the 2 × 2 layout: its other cells are "no data", not 0
  await user.keyboard('{ArrowDown}')
  expect(live()).toBe('Head 3, bobbin: no data')
  await user.keyboard('{End}')
  expect(live()).toBe('Head 3, needle 3: 5\u00a0breaks')
  await user.keyboard('{ArrowDown}{ArrowRight}')
  expect(live()).toBe('Head 3, needle 3: 5\u00a0breaks')
  await user.tab()
  expect(live()).toBe('')
})
