import type { AlertSettings } from '../src/api/alerts/alert-settings'

/** Alert settings as the settings page reads them: every rule with one level, one webhook channel. */
export function buildAlertSettings(overrides: Partial<AlertSettings> = {}): AlertSettings {
  const level = { name: 'Wall', afterMinutes: 0, channels: [] }
  return {
    rules: {
      state: {
        enabled: true,
        minutes: { stopped: 10, threadbreak: 5, error: 5, 'not-reporting': 15, unknown: 30 },
        levels: [level],
      },
      'head-breaks': { enabled: true, inARow: 3, withinMinutes: 20, levels: [level] },
      'hot-spot': { enabled: false, levels: [level] },
      screens: { enabled: true, minutes: 10, levels: [level] },
      orders: { enabled: true, levels: [level] },
      maintenance: { enabled: true, marginPercent: 10, levels: [level] },
    },
    clearAfterMinutes: 2,
    channels: [
      { id: 'sup', name: 'Supervisor', kind: 'webhook', to: [], address: 'hooks.example', language: null },
    ],
    quietHours: null,
    alertsPerHour: 6,
    ...overrides,
  }
}
