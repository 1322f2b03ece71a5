import { Worker } from 'node:worker_threads'
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces'
import { figureColumns, type ReportDocument } from '../../src/lib/shift-report-document'

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

/** The report as an A4 PDF: its title, then each section with its facts and tables; a table's heading is
 * repeated on every page it runs over and no row is split across two. Black on white, no colour needed. */
export function pdfDefinition(document: ReportDocument): TDocumentDefinitions {
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
  }
}

/** How long one PDF may take before its thread is ended (a report's takes well under a second). */
const PDF_TIMEOUT_MS = 30_000

/** The report as a PDF file, made on a thread that ends with it (./pdf-worker.mjs): its memory goes with it. */
export function reportPdf(document: ReportDocument, footer: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./pdf-worker.mjs', import.meta.url), {
      workerData: { definition: pdfDefinition(document), footer: winAnsi(footer) },
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: 256 },
    })
    let done = false
    const finish = (error: Error | null, pdf?: Buffer) => {
      if (done) return
      done = true
      clearTimeout(timer)
      void worker.terminate()
      if (error) reject(error)
      else resolve(pdf!)
    }
    const timer = setTimeout(
      () => finish(new Error(`the PDF took longer than ${PDF_TIMEOUT_MS / 1000} s`)),
      PDF_TIMEOUT_MS,
    )
    worker.once('message', (bytes: Uint8Array) =>
      finish(null, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)),
    )
    worker.once('error', (error) => finish(error))
    worker.once('exit', (code) => finish(new Error(`the PDF's thread ended (${code}) without one`)))
  })
}
