import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { renderWithProviders } from '../../../test/render'
import { KioskSetup } from './kiosk-setup'

test('the wall’s address names its language when one is chosen, and none by default', async () => {
  renderWithProviders(<KioskSetup />, { path: '/kiosk' })
  const address = () => screen.getByRole('link', { name: /\/kiosk\?/ }).getAttribute('href') ?? ''
  expect(address()).not.toContain('lang=')
  await userEvent.selectOptions(screen.getByLabelText('Language on the wall'), 'Deutsch')
  expect(new URL(address()).searchParams.get('lang')).toBe('de')
})
