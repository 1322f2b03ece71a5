import { HttpResponse, http } from 'msw'
import type { AppConfig } from '../src/api/core/app-config'
import { DEMO_STATUS_ENTRIES } from '../src/lib/status-codes'
import { mswServer } from './setup-dom'

/** /app-config.json as the test server sends it in demo mode, with some settings changed. */
export function serveAppConfig(changes: Partial<AppConfig>) {
  const config: AppConfig = {
    demo: true,
    threadCones: 'demo',
    timeZone: 'Europe/Berlin',
    timeFormat: '24h',
    shifts: [
      { name: 'Early', from: '06:00', to: '14:00' },
      { name: 'Late', from: '14:00', to: '22:00' },
      { name: 'Night', from: '22:00', to: '06:00' },
    ],
    statusCodes: { source: 'default', entries: [...DEMO_STATUS_ENTRIES] },
    locations: [
      { id: 1, name: 'Hall North' },
      { id: 2, name: 'Hall South' },
      { id: 3, name: 'Annex' },
    ],
    version: 'test',
    ...changes,
  }
  mswServer.use(http.get('/app-config.json', () => HttpResponse.json(config)))
}
