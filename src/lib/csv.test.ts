import { describe, expect, test } from 'vitest'
import { csvCell, toCsv } from './csv'

describe('csvCell', () => {
  test.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['crlf\r\nlines', '"crlf\r\nlines"'],
    [' padded ', '" padded "'],
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+49 30 1234', "'+49 30 1234"],
    ['-1+1', "'-1+1"],
    ['@cmd', "'@cmd"],
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    [-12.5, '-12.5'],
    [0, '0'],
    [true, 'true'],
    [null, ''],
    [undefined, ''],
    ['Ünïcödé × 12', 'Ünïcödé × 12'],
  ])('%j → %s', (value, cell) => expect(csvCell(value)).toBe(cell))
})

test('a file: UTF-8 byte-order mark, header, CRLF after every row', () => {
  expect(
    toCsv(
      ['machine', 'breaks'],
      [
        ['North 01', 3],
        ['=evil', -1],
      ],
    ),
  ).toBe("\uFEFFmachine,breaks\r\nNorth 01,3\r\n'=evil,-1\r\n")
})
