// Makes one report's PDF on a thread of its own (server/shift-reports/pdf.ts), which then ends: pdfmake and the
// fonts' metrics it reads take some 40 MB and more with each document, and a server that sends a few
// reports a day should not keep them. Plain JavaScript: the built server runs it as it is.
import { createRequire } from 'node:module'
import { parentPort, workerData } from 'node:worker_threads'

const require = createRequire(import.meta.url)
const pdfmake = require('pdfmake')
const FONTS = {
  Helvetica: {
    normal: 'Helvetica',
    bold: 'Helvetica-Bold',
    italics: 'Helvetica-Oblique',
    bolditalics: 'Helvetica-BoldOblique',
  },
}
const STANDARD_FONTS = new Set(Object.values(FONTS.Helvetica))
pdfmake.setFonts(FONTS)
// a report's words cannot make it read a file or fetch an address: PDF's own fonts only
pdfmake.setUrlAccessPolicy(() => false)
pdfmake.setLocalAccessPolicy((path) => STANDARD_FONTS.has(path))

const { definition, footer } = workerData
const buffer = await pdfmake
  .createPdf({
    ...definition,
    footer: (page, pages) => ({
      columns: [
        { text: footer, fontSize: 8 },
        { text: `${page} / ${pages}`, fontSize: 8, alignment: 'right' },
      ],
      margin: [40, 16, 40, 0],
    }),
  })
  .getBuffer()
const bytes = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength)
parentPort.postMessage(bytes, [bytes.buffer])
