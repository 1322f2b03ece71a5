import { render } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { AgainstTarget } from './pace-details'

const bar = (container: HTMLElement) => container.querySelector<HTMLElement>('span > span:first-child')!

describe("an hour's actual against its target, as a bar", () => {
  test('the running hour is judged on its part so far: 44 of 545 is ahead when 24 were due by now', () => {
    const { container } = render(<AgainstTarget actual={44} target={545} variance={20} />)
    expect(bar(container)).toHaveClass('bg-status-running')
    // its length is the hour's actual against the whole hour's target, the mark at the target
    expect(Number.parseFloat(bar(container).style.width)).toBeCloseTo((44 / 545 / 1.5) * 100, 5)
  })

  test('an hour behind its target is red; one far ahead fills the track, no further', () => {
    const behind = render(<AgainstTarget actual={400} target={545} variance={-145} />)
    expect(bar(behind.container)).toHaveClass('bg-status-stopped')
    const ahead = render(<AgainstTarget actual={2_000} target={545} variance={1_455} />)
    expect(bar(ahead.container).style.width).toBe('100%')
  })

  test('an hour not begun shows the track and its mark only; an hour without a target, nothing', () => {
    const { container } = render(<AgainstTarget actual={null} target={545} variance={null} />)
    expect(container.querySelectorAll('span > span')).toHaveLength(1)
    expect(render(<AgainstTarget actual={10} target={0} variance={null} />).container).toBeEmptyDOMElement()
  })

  test('is a picture of the figures beside it: hidden from screen readers', () => {
    const { container } = render(<AgainstTarget actual={44} target={545} variance={20} />)
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true')
  })
})
