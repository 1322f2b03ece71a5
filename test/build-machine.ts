import type { Machine } from '../src/api/contract/machine'

/** A deterministic machine record in the assumed shape, with overrides. */
export function buildMachine(overrides: Partial<Machine> = {}): Machine {
  return {
    machine_id: 'AS-1001',
    machine_name: 'North 01 · 12H',
    location_id: 1,
    location_name: 'Hall North',
    datacollector_id: 'dc-n1',
    heads: 12,
    needles: 15,
    status: 'running',
    status_since: '2026-11-18T10:00:00Z',
    design: { name: 'Club crest', stitches_total: 20_000, stitches_done: 5_000 },
    rpm: 850,
    remaining_seconds: 1059,
    operator: 'Anna K.',
    last_seen: '2026-11-18T10:29:58Z',
    ...overrides,
  }
}
