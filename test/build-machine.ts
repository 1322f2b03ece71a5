import { type Machine, type MachineSummary, machineLabel, type ThreadbreakCount } from '../src/lib/domain'

/** A deterministic machine in stitchboard's domain shape, with overrides. */
export function buildMachine(overrides: Partial<Machine> = {}): Machine {
  return {
    id: 'AS-1001',
    name: 'North 01 · 12H',
    locationId: 1,
    collectorId: 'dc-n1',
    order: 1,
    heads: 12,
    activeHeads: 12,
    needles: 15,
    activeNeedle: 3,
    firstSeen: Date.parse('2024-03-01T00:00:00Z'),
    lastSeen: Date.parse('2026-11-18T10:29:58Z'),
    configuredRpm: 900,
    liveRpm: 850,
    statusCode: 1,
    designId: 'ASD1001',
    designStitches: 20_000,
    stitch: 5_000,
    repeats: 1,
    passes: 0,
    vendorRemainingSeconds: 1059,
    otherFields: {},
    stateSince: null,
    ...overrides,
  }
}

/** A machine-summary row in stitchboard's domain shape: every figure unknown unless given. */
export function buildSummary(overrides: Partial<MachineSummary> = {}): MachineSummary {
  return {
    machineId: 'A',
    machineName: 'A',
    stitches: null,
    threadbreaks: null,
    passes: null,
    pieces: null,
    totalSeconds: null,
    productionSeconds: null,
    utilizationPercent: null,
    stitchesPerMinute: null,
    secondsByStatus: new Map(),
    ...overrides,
  }
}

/** A thread-break count in stitchboard's domain shape; the machine is named as the app names one
 * without an alias ("Machine A") unless a name is given. */
export function buildThreadbreakCount(overrides: Partial<ThreadbreakCount> = {}): ThreadbreakCount {
  const machineId = overrides.machineId ?? 'A'
  return { machineId, machineName: machineLabel(machineId), head: 1, needle: 1, count: 1, ...overrides }
}
