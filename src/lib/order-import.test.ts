import { describe, expect, it } from 'vitest'
import { erpExport } from '../../test/erp-export'
import { parseCsv } from './csv'
import { csvText, dueOf, importOrders, proposeMapping } from './order-import'

const DESIGNS = new Set(['CAP-LOGO', 'POLO-CREST', 'PATCH-EAGLE'])
const said = (problems: ReadonlyArray<{ line: number; message: string }>) =>
  problems.map(({ line, message }) => ({ line, message }))
const context = { timeZone: 'Europe/Berlin', designs: DESIGNS, taken: new Set<string>() }

describe('parseCsv', () => {
  it('finds the separator, keeps quoted separators, quotes and line breaks, and the line each row began on', () => {
    const table = parseCsv('\uFEFFa;b;c\r\n1;"x; ""y""";3\n\n2;"two\nlines";4\n')
    expect(table.separator).toBe(';')
    expect(table.rows).toEqual([
      ['a', 'b', 'c'],
      ['1', 'x; "y"', '3'],
      ['2', 'two\nlines', '4'],
    ])
    expect(table.lines).toEqual([1, 2, 4])
  })
})

describe('dueOf', () => {
  it('reads the due times ERPs write, in the factory’s zone unless an offset is given', () => {
    expect(dueOf('2026-12-11T16:00:00+01:00', 'Europe/Berlin')).toBe(Date.UTC(2026, 11, 11, 15))
    expect(dueOf('2026-12-11 16:00', 'Europe/Berlin')).toBe(Date.UTC(2026, 11, 11, 15))
    expect(dueOf('11.12.2026 16:00', 'Europe/Berlin')).toBe(Date.UTC(2026, 11, 11, 15))
    // a day alone: the end of it
    expect(dueOf('2026-12-11', 'Europe/Berlin')).toBe(Date.UTC(2026, 11, 11, 23))
    expect([dueOf('31.02.2027', 'UTC'), dueOf('2026-12-11 25:00', 'UTC'), dueOf('soon', 'UTC')]).toEqual([
      null,
      null,
      null,
    ])
  })
})

describe('importOrders', () => {
  const designs = [...DESIGNS]
  const header = parseCsv(erpExport(designs, false)).rows[0]!

  it('proposes a mapping from the usual German, English and Spanish column names', () => {
    expect(proposeMapping(header, null)).toEqual({
      reference: 'Auftrag',
      customer: 'Kunde',
      dueAt: 'Liefertermin',
      designId: 'Stickmuster',
      quantity: 'Menge',
      priority: 'Priorität',
      note: 'Bemerkung',
    })
    // a remembered mapping wins while its columns are there
    const remembered = { ...proposeMapping(header, null), note: 'Priorität', priority: undefined }
    expect(proposeMapping(header, remembered).note).toBe('Priorität')
  })

  it('refuses a file with 3 bad rows of 50, naming the three lines, and imports none of it', () => {
    const table = parseCsv(erpExport(designs, true))
    const { orders, problems } = importOrders(table, proposeMapping(header, null), context)
    expect(orders).toEqual([])
    expect(problems[0]!.problems).toEqual([{ code: 'designUnknown', values: { value: 'NO-SUCH-DESIGN' } }])
    expect(said(problems)).toEqual([
      { line: 8, message: 'the production API knows no design "NO-SUCH-DESIGN"' },
      { line: 23, message: 'the quantity "0" is not a whole number from 1 to 10,000,000' },
      { line: 47, message: 'the due time "31.02.2027" is not a date (2026-12-11 16:00 or 11.12.2026)' },
    ])
  })

  it('imports the same file fixed as 50 orders', () => {
    const table = parseCsv(erpExport(designs, false))
    const { orders, problems } = importOrders(table, proposeMapping(header, null), context)
    expect(problems).toEqual([])
    expect(orders).toHaveLength(50)
    expect(orders[4]).toEqual({
      reference: 'PO-7005',
      customer: 'Müller; Söhne GmbH',
      dueAt: Date.UTC(2027, 0, 6, 15),
      priority: 'normal',
      machineIds: [],
      note: 'Kappen',
      lines: [{ designId: designs[5 % 3], quantity: 100 }],
    })
    expect(orders[6]!.priority).toBe('high')
  })

  it('makes rows of one reference one order, and refuses references in the book already', () => {
    const csv =
      'order,customer,due,design,qty\nA-1,Hotel,2026-12-11,CAP-LOGO,10\nA-1,Hotel,2026-12-11,POLO-CREST,5\nB-2,Hotel,2026-12-11,CAP-LOGO,"1,200"\n'
    const table = parseCsv(csv)
    const mapping = proposeMapping(table.rows[0]!, null)
    expect(importOrders(table, mapping, context).orders.map((o) => [o.reference, o.lines])).toEqual([
      [
        'A-1',
        [
          { designId: 'CAP-LOGO', quantity: 10 },
          { designId: 'POLO-CREST', quantity: 5 },
        ],
      ],
      ['B-2', [{ designId: 'CAP-LOGO', quantity: 1200 }]],
    ])
    expect(said(importOrders(table, mapping, { ...context, taken: new Set(['b-2']) }).problems)).toEqual([
      { line: 4, message: 'order B-2 is in the order book already' },
    ])
  })

  it('says which mapping is missing before reading any row', () => {
    const table = parseCsv(erpExport(designs, false))
    expect(said(importOrders(table, { reference: 'Auftrag', customer: 'Gone' }, context).problems)).toEqual([
      { line: 1, message: 'there is no column "Gone" for customer' },
      { line: 1, message: 'no column is chosen for dueAt' },
      { line: 1, message: 'no column is chosen for designId' },
      { line: 1, message: 'no column is chosen for quantity' },
    ])
  })
})

describe('csvText', () => {
  const utf16le = (text: string) => {
    const bytes = [0xff, 0xfe]
    for (const c of text) bytes.push(c.charCodeAt(0) & 0xff, c.charCodeAt(0) >> 8)
    return new Uint8Array(bytes)
  }
  it.each([
    ['UTF-8', new TextEncoder().encode('Kunde;Bäckerei'), 'Kunde;Bäckerei'],
    [
      'UTF-8 with its byte-order mark (Excel’s “CSV UTF-8”)',
      new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('Bäckerei')]),
      'Bäckerei',
    ],
    ['UTF-16 with its byte-order mark', utf16le('Bäckerei'), 'Bäckerei'],
    // "Bäckerei" saved as Windows-1252: ä is the single byte E4, never valid UTF-8 there
    [
      'Windows-1252: refused, not read with broken accents',
      new Uint8Array([0x42, 0xe4, 0x63, 0x6b, 0x65, 0x72, 0x65, 0x69]),
      null,
    ],
  ])('%s', (_, bytes, text) => {
    expect(csvText(bytes)).toBe(text)
  })
})
