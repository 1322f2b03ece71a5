import { expect, test } from 'vitest'
import { speaking } from '../../test/messages'
import { maintenanceSection } from './shift-report-orders'

const words = speaking('en')
const when = (at: number) => new Date(at).toISOString().slice(11, 16)
const spaced = (text: string) => text.replaceAll('\u00a0', ' ')

test('the report’s maintenance: what was signed off in the shift, and what was overdue, with its use', () => {
  const section = maintenanceSection(
    {
      done: [
        {
          task: 'Oil the rotary hooks',
          machine: 'East 01',
          heads: null,
          at: Date.UTC(2026, 11, 7, 9, 5),
          by: 'Ana',
        },
      ],
      doneCount: 1,
      overdue: [
        {
          task: 'Change the needles',
          machine: 'East 02',
          heads: '3, 5–8',
          kind: 'stitches',
          used: 2_240_491,
          interval: 2e6,
        },
        {
          task: 'Oil the rotary hooks',
          machine: 'West 01',
          heads: null,
          kind: 'hours',
          used: 4.46,
          interval: 4,
        },
      ],
      overdueCount: 2,
    },
    words,
    when,
  )
  expect(section.paragraphs.map(spaced)).toEqual([
    'One maintenance task was signed off in the shift.',
    '2 tasks were overdue when the report was built.',
  ])
  expect(
    section.tables.map((table) => [table.caption, table.columns, table.rows.map((r) => r.map(spaced))]),
  ).toEqual([
    [
      'Maintenance signed off in the shift',
      ['Task', 'Machine', 'Done', 'By'],
      [['Oil the rotary hooks', 'East 01', '09:05', 'Ana']],
    ],
    [
      'Maintenance overdue when the report was built',
      ['Task', 'Machine', 'Use'],
      [
        ['Change the needles', 'East 02, heads 3, 5–8', '2,240,491 of 2,000,000 stitches'],
        ['Oil the rotary hooks', 'West 01', '4.5 of 4 running hours'],
      ],
    ],
  ])
  expect(maintenanceSection(null, words, when).paragraphs).toEqual([
    'The maintenance tasks could not be read when the report was built.',
  ])
})
