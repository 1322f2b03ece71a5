import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'
import { HowComputed } from './how-computed'
import { KioskProvider } from './kiosk/kiosk-context'

describe('how the figures are computed, folded under them', () => {
  test('closed at first, reached by the keyboard; opened, it shows the definitions', async () => {
    render(
      <HowComputed>
        <p>Availability = run time ÷ planned production time.</p>
      </HowComputed>,
    )
    expect(screen.getByText(/^Availability = run time/)).not.toBeVisible()
    await userEvent.tab()
    expect(screen.getByText('How these figures are computed')).toHaveFocus()
    // (a summary opens its details on Enter in a browser; jsdom only on a click)
    await userEvent.click(screen.getByText('How these figures are computed'))
    expect(screen.getByText(/^Availability = run time/)).toBeVisible()
  })

  test('says what it folds when told, and is not on the wall, where no one can open it', () => {
    const { unmount } = render(
      <HowComputed summary="How each hour's target is set">
        <p>Each hour's target is its share.</p>
      </HowComputed>,
    )
    expect(screen.getByText("How each hour's target is set")).toBeInTheDocument()
    unmount()
    const { container } = render(
      <KioskProvider value={{ on: true, cell: 40 }}>
        <HowComputed>
          <p>Availability = run time ÷ planned production time.</p>
        </HowComputed>
      </KioskProvider>,
    )
    expect(container).toBeEmptyDOMElement()
  })
})
