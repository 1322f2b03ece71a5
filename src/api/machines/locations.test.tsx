import { waitFor } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { serveAppConfig } from '../../../test/app-config'
import { renderHookWithProviders } from '../../../test/render'
import { mswServer } from '../../../test/setup-dom'
import type { AppConfig } from '../core/app-config'
import { useLocations } from './locations'

/** Location names: LOCATIONS first (in demo mode the demo's halls), else the average-rpm report, the one
 * answer that names locations, else "Location N". */
let asked: string[] = []
const listener = ({ request }: { request: Request }) => {
  asked.push(new URL(request.url).pathname)
}
beforeEach(() => {
  asked = []
  mswServer.events.on('request:start', listener)
})
afterEach(() => {
  mswServer.events.removeListener('request:start', listener)
})

const withLocations = (locations: AppConfig['locations']) => serveAppConfig({ locations })

const names = async () => {
  const { result } = renderHookWithProviders(() => useLocations())
  await waitFor(() => expect(result.current.locations.length).toBe(3))
  return result
}

describe('useLocations', () => {
  test('LOCATIONS names every hall: no report is asked', async () => {
    const result = await names()
    expect(result.current.locations.map((l) => l.name)).toEqual(['Hall North', 'Hall South', 'Annex'])
    expect(asked.filter((p) => p.startsWith('/api/reports/'))).toEqual([])
  })

  test('without LOCATIONS the average-rpm report names the halls', async () => {
    withLocations([])
    const result = await names()
    await waitFor(() =>
      expect(result.current.locations.map((l) => l.name)).toEqual(['Hall North', 'Hall South', 'Annex']),
    )
    expect(asked).toContain('/api/reports/average-rpm')
  })

  test('LOCATIONS wins over the report; an ID nobody names is "Location N"', async () => {
    withLocations([{ id: 2, name: 'Stickerei Süd' }])
    mswServer.use(
      http.get('/api/reports/average-rpm', () =>
        HttpResponse.json({
          data: [
            {
              machineId: 'AS-1042',
              machineName: 'x',
              locationId: 1,
              locationName: 'Hall North',
              productiveTime: 1,
              stitches: 1,
              averageRpm: 1,
            },
          ],
        }),
      ),
    )
    const result = await names()
    await waitFor(() => expect(result.current.nameOf(1)).toBe('Hall North'))
    expect(result.current.locations.map((l) => l.name)).toEqual(['Hall North', 'Stickerei Süd', 'Location 3'])
  })
})
