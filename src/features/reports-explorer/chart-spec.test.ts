import { describe, expect, test } from 'vitest'
import { t } from '../../../test/messages'
import type { Column } from '../../components/report-table/columns'
import { chartSpec } from './chart-spec'

const col = (key: string, kind: Column['kind']): Column => ({ key, kind })

describe('chartSpec', () => {
  const machineRows = [
    { id_machine: 'A', machine_name: 'North 01', stitches: 5, pieces: 2 },
    { id_machine: 'B', machine_name: 'North 02', stitches: 9, pieces: 1 },
  ]
  const machineColumns = [
    col('id_machine', 'text'),
    col('machine_name', 'text'),
    col('stitches', 'number'),
    col('pieces', 'number'),
  ]

  test('series of very different size are not drawn on one axis; heads and needles are not measures', () => {
    const rows = [
      { month: '2026-10', stitches: 297_056_192, pieces: 132_113, heads: 12, running_hours: 5956 },
      { month: '2026-11', stitches: 782_318_019, pieces: 348_552, heads: 12, running_hours: 15699 },
    ]
    const columns = [
      col('month', 'text'),
      col('stitches', 'number'),
      col('pieces', 'number'),
      col('heads', 'number'),
      col('running_hours', 'number'),
    ]
    expect(chartSpec(columns, rows, t)!.ys).toEqual(['stitches'])
  })

  test('a category with numbers: bars of the measures', () => {
    expect(chartSpec(machineColumns, machineRows, t)).toMatchObject({
      kind: 'bar',
      x: 'id_machine',
      ys: ['stitches', 'pieces'],
      note: null,
    })
  })

  test('a time column: a line over time, in time order', () => {
    const rows = [
      { month: '2026-11-01T00:00:00Z', stitches: 3 },
      { month: '2026-10-01T00:00:00Z', stitches: 1 },
    ]
    const spec = chartSpec([col('month', 'time'), col('stitches', 'number')], rows, t)
    expect(spec).toMatchObject({ kind: 'line', x: 'month', ys: ['stitches'] })
    expect(spec!.rows.map((r) => r.stitches)).toEqual([1, 3])
  })

  test('durations and counts never share an axis: the first measure’s kind decides', () => {
    const rows = [
      { designName: 'Crest', minTime: 300, avgTime: 420, passes: 12 },
      { designName: 'Shield', minTime: 200, avgTime: 260, passes: 30 },
    ]
    const spec = chartSpec(
      [
        col('designName', 'text'),
        col('minTime', 'duration'),
        col('avgTime', 'duration'),
        col('passes', 'number'),
      ],
      rows,
      t,
    )
    expect(spec).toMatchObject({ kind: 'bar', ys: ['minTime', 'avgTime'], durations: true })
    expect(chartSpec(machineColumns, machineRows, t)!.durations).toBe(false)
  })

  test('many categories: the 40 largest, said so', () => {
    const rows = Array.from({ length: 100 }, (_, i) => ({ name: `d${i}`, n: i }))
    const spec = chartSpec([col('name', 'text'), col('n', 'number')], rows, t)!
    expect(spec.rows).toHaveLength(40)
    expect(spec.rows[0]!.n).toBe(99)
    expect(spec.note).toBe('The 40\u00a0largest by n of 100\u00a0rows.')
  })

  test.each([
    ['no rows', [], machineColumns],
    ['no measures', [{ a: 'x' }], [col('a', 'text')]],
    [
      'only identifying numbers',
      [{ name: 'x', head: 1, needle: 2 }],
      [col('name', 'text'), col('head', 'number'), col('needle', 'number')],
    ],
  ])('no chart for %s', (_, rows, columns) => {
    expect(chartSpec(columns, rows, t)).toBeNull()
  })
})
