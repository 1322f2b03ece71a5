/**
 * An ERP's order export as a contract embroiderer gets it (issue 52): 50 rows of a German spreadsheet
 * (semicolons, day-first dates, a quoted customer holding the separator), the designs given. `broken`
 * spoils three rows, on lines 8, 23 and 47 of the file: a design the production API does not know, a
 * quantity of 0 and a date that does not exist.
 */
export function erpExport(designs: readonly string[], broken: boolean): string {
  const lines = ['Auftrag;Kunde;Liefertermin;Stickmuster;Menge;Priorität;Bemerkung']
  for (let i = 1; i <= 50; i++) {
    const line = i + 1
    const design = broken && line === 8 ? 'NO-SUCH-DESIGN' : designs[i % designs.length]!
    const quantity = broken && line === 23 ? '0' : String(20 * i)
    const due =
      broken && line === 47 ? '31.02.2027' : `${String((i % 28) + 1).padStart(2, '0')}.01.2027 16:00`
    const customer = i % 5 === 0 ? '"Müller; Söhne GmbH"' : `Kunde ${i}`
    lines.push(`PO-${7000 + i};${customer};${due};${design};${quantity};${i % 7 === 0 ? 'hoch' : ''};Kappen`)
  }
  return `${lines.join('\r\n')}\r\n`
}
