import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces'
import { figureColumns, type ReportDocument } from '../../src/lib/report-document'

/** PDF's own fonts (no file read, nothing embedded): Helvetica's WinAnsi covers English, German and Spanish. */
const FONTS = {
  Helvetica: {
    normal: 'Helvetica',
    bold: 'Helvetica-Bold',
    italics: 'Helvetica-Oblique',
    bolditalics: 'Helvetica-BoldOblique',
  },
}
const STANDARD_FONTS = new Set(Object.values(FONTS.Helvetica))

/** The few characters the report's words use that WinAnsi (PDF's standard fonts) has not, as near as it
 * has them: pdfkit would draw nothing for them. */
const NOT_IN_WIN_ANSI: Record<string, string> = {
  '\u2212': '-',
  '\u202f': ' ',
  '\u2009': ' ',
  '\u2192': '->',
  '\u2265': '>=',
  '\u2264': '<=',
  '\u25b2': '+',
  '\u25bc': '-',
}
const PATTERN = new RegExp(`[${Object.keys(NOT_IN_WIN_ANSI).join('')}]`, 'g')
export const winAnsi = (text: string) => text.replace(PATTERN, (c) => NOT_IN_WIN_ANSI[c] ?? c)

type PdfMake = typeof import('pdfmake')
let loaded: Promise<PdfMake> | null = null

/** pdfmake, loaded on the first report (it is not in memory until a PDF is made), reading no file but its
 * standard fonts and no address at all: a report's words cannot make it fetch anything. */
function pdfmake(): Promise<PdfMake> {
  loaded ??= import('pdfmake').then((module) => {
    const made = ((module as unknown as { default?: PdfMake }).default ?? module) as PdfMake
    made.setFonts(FONTS)
    made.setUrlAccessPolicy(() => false)
    made.setLocalAccessPolicy((path) => STANDARD_FONTS.has(path))
    return made
  })
  return loaded
}

/** The report as an A4 PDF: its title, then each section with its facts and tables; a table's heading is
 * repeated on every page it runs over and no row is split across two. Black on white, no colour needed. */
export function pdfDefinition(document: ReportDocument, footer: string): TDocumentDefinitions {
  const content: Content[] = [
    { text: winAnsi(document.title), style: 'title' },
    { text: winAnsi(document.span), style: 'span' },
  ]
  for (const section of document.sections) {
    const part: Content[] = [{ text: winAnsi(section.title), style: 'section' }]
    if (section.facts.length > 0)
      part.push({
        table: {
          widths: ['auto', '*'],
          body: section.facts.map((f) => [
            { text: winAnsi(f.label) },
            { text: winAnsi(f.value), bold: true },
          ]),
        },
        layout: 'noBorders',
        margin: [0, 0, 0, 4],
      })
    for (const text of section.paragraphs)
      part.push({ text: winAnsi(text), style: section.facts.length > 0 ? 'note' : 'paragraph' })
    for (const table of section.tables) {
      const figures = figureColumns(table)
      const align = (i: number) => (figures[i] ? 'right' : 'left')
      // a table that is its section's only one is named by the section's heading
      if (table.caption !== section.title) part.push({ text: winAnsi(table.caption), style: 'caption' })
      part.push({
        table: {
          headerRows: 1,
          dontBreakRows: true,
          widths: table.columns.map((_, i) => (i === 0 ? '*' : 'auto')),
          body: [
            table.columns.map((c, i) => ({
              text: winAnsi(c),
              bold: true,
              alignment: align(i),
            })),
            ...table.rows.map((row) => row.map((cell, i) => ({ text: winAnsi(cell), alignment: align(i) }))),
          ],
        },
        layout: 'lightHorizontalLines',
        margin: [0, 0, 0, 8],
      } as Content)
    }
    // a short section is kept on one page (its heading never alone at a page's foot)
    content.push({ stack: part, unbreakable: part.length <= 6 } as Content)
  }
  return {
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 48],
    info: { title: document.title, creator: 'stitchboard', producer: 'stitchboard' },
    defaultStyle: { font: 'Helvetica', fontSize: 10, lineHeight: 1.2 },
    styles: {
      title: { fontSize: 18, bold: true, margin: [0, 0, 0, 4] },
      span: { fontSize: 10, margin: [0, 0, 0, 12] },
      section: { fontSize: 14, bold: true, margin: [0, 10, 0, 4] },
      caption: { bold: true, margin: [0, 6, 0, 2] },
      paragraph: { margin: [0, 0, 0, 6] },
      note: { fontSize: 8.5, margin: [0, 0, 0, 6] },
    },
    content,
    footer: (page: number, pages: number) => ({
      columns: [
        { text: winAnsi(footer), fontSize: 8 },
        { text: `${page} / ${pages}`, fontSize: 8, alignment: 'right' },
      ],
      margin: [40, 16, 40, 0],
    }),
  }
}

/** The report as a PDF file. */
export async function reportPdf(document: ReportDocument, footer: string): Promise<Buffer> {
  const made = await pdfmake()
  return Buffer.from(await made.createPdf(pdfDefinition(document, footer)).getBuffer())
}
