import type * as z from 'zod/mini'
import type { VendorMachine } from '../src/api/contract/machine'
import type { VENDOR_REPORT_ROWS } from '../src/api/contract/report-rows'

/** Records as the vendor sends them, typed by the contract (src/api/contract), for tests that feed the
 * app raw answers. Each builder fills every documented field, so a test spells out only what it is about.
 * Deliberately broken or partial records stay literal in their tests: they are the point there. */

type VendorRow<P extends keyof typeof VENDOR_REPORT_ROWS> = z.infer<(typeof VENDOR_REPORT_ROWS)[P]>
export type VendorBreak = VendorRow<'/reports/threadbreaks-by-machine'>

/** A GET /machines record (myzsk-api.md 1.1): a machine with a design loaded, status 1, not turning,
 * last seen 3 s before the tests' pinned clock (FIXED_NOW, test/demo-client.ts). */
export function buildVendorMachine(overrides: Partial<VendorMachine> = {}): VendorMachine {
  return {
    machine_id: 'AS-1001',
    alias: 'North 01 · 12H',
    id_location: 1,
    id_datacollector: 'dc-n1',
    order: null,
    heads: 12,
    active_heads: 12,
    active_needle: 4,
    needles: 15,
    hide_machine: false,
    first_seen: '2024-01-01T00:00:00Z',
    last_seen: '2026-11-18T10:29:57.000Z',
    rpm: 900,
    rotation_speed: 0,
    repeated_pattern: null,
    passes_pattern: 0,
    id_design: 'ASD1001',
    design_stitches: 20000,
    stitch: 5000,
    status_code: 1,
    pattern_stitchcounter: 5000,
    pattern_stitchnumber: 5000,
    estimate_time_remaining: 900,
    ...overrides,
  }
}

/** A row of the break log, threadbreaks-by-machine (myzsk-api.md 1.10): one break a minute before the
 * pinned clock, on the machine of buildVendorMachine. */
export function buildVendorBreak(overrides: Partial<VendorBreak> = {}): VendorBreak {
  return {
    timestamp: Date.UTC(2026, 10, 18, 10, 29),
    id_machine: 'AS-1001',
    machine_name: 'North 01 · 12H',
    head: 1,
    needle: 2,
    pattern: 'ASD1001',
    pattern_stitchnumber: 5000,
    stitches: 20000,
    rotation_speed: 850,
    ...overrides,
  }
}
