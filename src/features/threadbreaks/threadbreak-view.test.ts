import { describe, expect, test } from 'vitest'
import { buildSummary, buildThreadbreakCount } from '../../../test/build-machine'
import { t } from '../../../test/messages'
import type { ThreadbreakCount } from '../../lib/domain'
import { DEMO_STATUS_CODES } from '../../lib/status-codes'
import { threadbreakCsv } from './export'
import { referenceOrder, runningHoursByMachine, threadbreakView, wallOrder } from './threadbreak-view'

const row = (id: string, head: number | null, needle: number | null, threadbreaks: number) =>
  buildThreadbreakCount({ machineId: id, head, needle, count: threadbreaks })
const layout = (id: string, heads: number, needles: number) => ({
  machineId: id,
  machineName: `Machine ${id}`,
  heads,
  needles,
})
const HN = { grouping: 'HN', bobbin: false, reverse: false } as const

describe('threadbreakView', () => {
  test('HN: every head × needle of each machine, zero where nothing broke, on one shared scale', () => {
    const view = threadbreakView(
      [row('1', 2, 3, 7), row('2', 1, 1, 2)],
      [layout('1', 2, 4), layout('2', 1, 2)],
      HN,
    )
    const [one, two] = view.machines
    expect(one?.grid?.heads).toEqual([1, 2])
    expect(one?.grid?.needles).toEqual([1, 2, 3, 4])
    expect(one?.grid?.counts.get('2:3')).toBe(7)
    expect(one?.grid?.counts.get('1:4')).toBe(0)
    expect(two?.grid?.counts.get('1:1')).toBe(2)
    expect(view.max).toBe(7)
  })

  test('bobbin on: a needle-0 column first; off: none', () => {
    const rows = [row('1', 1, 0, 4), row('1', 1, 2, 1)]
    const on = threadbreakView(rows, [layout('1', 1, 2)], { ...HN, bobbin: true }).machines[0]
    expect(on?.grid?.needles).toEqual([0, 1, 2])
    expect(on?.total).toBe(5)
    const off = threadbreakView([row('1', 1, 2, 1)], [layout('1', 1, 2)], HN).machines[0]
    expect(off?.grid?.needles).toEqual([1, 2])
    expect(off?.total).toBe(1)
  })

  test('reverse head order: heads from the highest down, in the grid and in the bars', () => {
    const view = threadbreakView([], [layout('1', 3, 2)], { ...HN, reverse: true })
    expect(view.machines[0]?.grid?.heads).toEqual([3, 2, 1])
    const bars = threadbreakView([row('1', 2, null, 5)], [layout('1', 3, 2)], {
      ...HN,
      grouping: 'H',
      reverse: true,
    })
    expect(bars.machines[0]?.bars?.map((b) => [b.head, b.count])).toEqual([
      [3, 0],
      [2, 5],
      [1, 0],
    ])
  })

  test('H: one bar per head; N: one bar per needle with the bobbin first when included', () => {
    const heads = threadbreakView([row('1', 2, null, 5)], [layout('1', 2, 9)], { ...HN, grouping: 'H' })
    expect(heads.machines[0]?.grid).toBeNull()
    expect(heads.machines[0]?.bars?.map((b) => b.count)).toEqual([0, 5])
    const needles = threadbreakView([row('1', null, 0, 3), row('1', null, 2, 1)], [layout('1', 4, 2)], {
      ...HN,
      grouping: 'N',
      bobbin: true,
    })
    expect(needles.machines[0]?.bars?.map((b) => [b.needle, b.count])).toEqual([
      [0, 3],
      [1, 0],
      [2, 1],
    ])
  })

  test('a machine with no breaks in the range is still there, with a total of 0', () => {
    const view = threadbreakView([row('1', 1, 1, 3)], [layout('1', 1, 1), layout('2', 2, 2)], HN)
    expect(view.machines.map((m) => [m.machineId, m.total])).toEqual([
      ['1', 3],
      ['2', 0],
    ])
  })

  test('a machine in the answer but not in GET /machines is shown, sized by its rows', () => {
    const view = threadbreakView([row('9', 3, 5, 1)], [], HN)
    expect(view.machines[0]).toMatchObject({ machineId: '9', heads: 3, needles: 5 })
  })

  test('machines by name with numbers compared as numbers; rows by frequency within a machine', () => {
    const rows = [row('10', 1, 1, 1), row('2', 1, 1, 1), row('2', 1, 2, 9)]
    const view = threadbreakView(rows, [layout('10', 1, 2), layout('2', 1, 2)], HN)
    expect(view.machines.map((m) => m.machineId)).toEqual(['2', '10'])
    expect(view.machines[0]?.rows.map((r) => r.count)).toEqual([9, 1])
    expect(referenceOrder(rows).map((r) => [r.machineId, r.count])).toEqual([
      ['2', 9],
      ['2', 1],
      ['10', 1],
    ])
  })

  test('a planted hot needle is flagged on its machine and outlined', () => {
    const rows: ThreadbreakCount[] = []
    for (let h = 1; h <= 15; h++)
      for (let n = 1; n <= 12; n++) rows.push(row('3', h, n, h === 4 && n === 7 ? 40 : 2))
    const view = threadbreakView(rows, [layout('3', 15, 12)], HN)
    expect(view.spots[0]).toMatchObject({ machineId: '3', head: 4, needle: 7 })
    expect(view.machines[0]?.spots.length).toBe(view.spots.length)
  })

  test('running hours are the machine summary’s seconds in every status code that means running', () => {
    const summary = (machineId: string, secondsByStatus: Array<[number, number]>) =>
      buildSummary({ machineId, machineName: machineId, secondsByStatus: new Map(secondsByStatus) })
    // demo dictionary: 1 running; 2 stopped; 4711 unknown
    const hours = runningHoursByMachine(
      [
        summary('A', [
          [1, 45_000],
          [2, 3600],
          [4711, 7200],
        ]),
        summary('B', []),
      ],
      DEMO_STATUS_CODES,
    )
    expect([...hours]).toEqual([
      ['A', 12.5],
      ['B', 0],
    ])
    const view = threadbreakView([row('A', 1, 1, 1)], [layout('A', 1, 1)], HN, hours)
    expect(view.machines[0]?.runningHours).toBe(12.5)
  })
})

describe('the wall’s order', () => {
  test('flagged machines first as heatmaps; every machine ranked by breaks per head-hour, those without running time last', () => {
    // machine 1: 30 breaks on one head and needle (a hot spot); 2: spread; 3: few; 4: no running time
    const rows = [
      row('1', 1, 1, 30),
      ...[1, 2, 3, 4].flatMap((h) => [1, 2, 3, 4].map((n) => row('2', h, n, 1))),
      row('3', 2, 2, 1),
      row('4', 1, 1, 2),
    ]
    const view = threadbreakView(
      rows,
      ['1', '2', '3', '4'].map((id) => layout(id, 4, 4)),
      HN,
      new Map([
        ['1', 10],
        ['2', 2],
        ['3', 10],
      ]),
    )
    const { flagged, ranked } = wallOrder(view)
    expect(flagged.map((m) => m.machineId)).toEqual(['1'])
    // per head-hour: 2: 16/2/4 = 2.0, 1: 30/10/4 = 0.75, 3: 1/10/4 = 0.025, then 4 (no running time)
    expect(ranked.map((m) => m.machineId)).toEqual(['2', '1', '3', '4'])
  })
})

describe('CSV of the rows behind the view', () => {
  test('in the reference order, a row for a machine without breaks, flagged rows say why', () => {
    const rows: ThreadbreakCount[] = []
    for (let n = 1; n <= 12; n++) rows.push(row('3', 1, n, n === 7 ? 30 : 1))
    const view = threadbreakView(rows, [layout('3', 1, 12), layout('4', 1, 1)], HN)
    const lines = threadbreakCsv(view, t).replace('\uFEFF', '').trim().split('\r\n')
    expect(lines[0]).toBe('machine id,machine,head,needle,thread breaks,flagged')
    expect(lines[1]).toMatch(/^3,Machine 3,1,7,30,"head 1, needle 7: [\d.]+× expected"$/)
    expect(lines.at(-1)).toBe('4,Machine 4,,,0,')
    expect(lines).toHaveLength(1 + 12 + 1)
  })
})
