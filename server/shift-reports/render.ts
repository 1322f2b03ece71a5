import { toCsv } from '../../src/lib/csv'
import { figureColumns, type ReportDocument } from '../../src/lib/shift-report-document'

const html = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')

const FONT = 'font-family:Arial,Helvetica,sans-serif;'
/** a cell this short keeps to one line ("74 %", "14 h 12 min"); a longer one may wrap on a phone */
const SHORT = 12
const CELL = `${FONT}font-size:13px;padding:4px 6px;border-bottom:1px solid #d4d4d8;`

/**
 * The report as an e-mail's HTML: tables and inline styles only (Outlook's Word engine and Gmail drop
 * style sheets and ignore flex and grid), no script, no image, every word escaped; black on white, so
 * it prints and reads without colour.
 */
export function reportHtml(
  document: ReportDocument,
  options: { language: string; link: { href: string; text: string } | null; attached: string },
): string {
  const parts: string[] = []
  parts.push(
    `<h1 style="${FONT}font-size:22px;line-height:28px;margin:0 0 6px;color:#111111;">${html(document.title)}</h1>`,
    `<p style="${FONT}font-size:14px;line-height:20px;margin:0 0 12px;color:#333333;">${html(document.span)}</p>`,
  )
  if (options.link)
    parts.push(
      `<p style="${FONT}font-size:14px;margin:0 0 16px;"><a href="${html(options.link.href)}" style="color:#1d4ed8;text-decoration:underline;">${html(options.link.text)}</a></p>`,
    )
  for (const section of document.sections) {
    parts.push(
      `<h2 style="${FONT}font-size:18px;line-height:24px;margin:20px 0 6px;color:#111111;">${html(section.title)}</h2>`,
    )
    if (section.facts.length > 0) {
      const rows = section.facts
        .map(
          (f) =>
            `<tr><th scope="row" align="left" style="${CELL}font-weight:normal;">${html(f.label)}</th><td align="right" style="${CELL}font-weight:bold;">${html(f.value)}</td></tr>`,
        )
        .join('')
      parts.push(
        `<table role="table" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;margin:0 0 8px;">${rows}</table>`,
      )
    }
    for (const text of section.paragraphs)
      parts.push(
        `<p style="${FONT}font-size:${section.facts.length > 0 ? 12 : 14}px;line-height:20px;margin:0 0 8px;color:#333333;">${html(text)}</p>`,
      )
    for (const table of section.tables) {
      const figures = figureColumns(table)
      const align = (i: number) => (figures[i] ? 'right' : 'left')
      const head = table.columns
        .map(
          (c, i) =>
            `<th scope="col" align="${align(i)}" style="${CELL}border-bottom:2px solid #52525b;">${html(c)}</th>`,
        )
        .join('')
      const body = table.rows
        .map(
          (row) =>
            `<tr>${row
              .map((cell, i) =>
                i === 0
                  ? `<th scope="row" align="left" style="${CELL}font-weight:normal;">${html(cell)}</th>`
                  : `<td align="${align(i)}" style="${CELL}${cell.length <= SHORT ? 'white-space:nowrap;' : ''}">${html(cell)}</td>`,
              )
              .join('')}</tr>`,
        )
        .join('')
      parts.push(
        `<table role="table" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;width:100%;margin:0 0 12px;">${table.caption === section.title ? '' : `<caption align="top" style="${FONT}font-size:14px;font-weight:bold;text-align:left;padding:6px 0 4px;">${html(table.caption)}</caption>`}<thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`,
      )
    }
  }
  parts.push(
    `<p style="${FONT}font-size:12px;line-height:18px;margin:20px 0 0;color:#555555;">${html(options.attached)}</p>`,
  )
  return `<!DOCTYPE html><html lang="${html(options.language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${html(document.title)}</title></head><body style="margin:0;padding:0;background:#f4f4f5;"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f4f4f5;"><tr><td align="center" style="padding:12px 0;"><table role="presentation" width="680" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:680px;background:#ffffff;border:1px solid #d4d4d8;"><tr><td style="padding:16px 12px;color:#111111;">${parts.join('')}</td></tr></table></td></tr></table></body></html>`
}

/** The report's figures as CSV, one value a line (a spreadsheet pivots it): section, table, row, column,
 * value, in the document's words. */
export function reportCsv(document: ReportDocument, header: readonly string[]): string {
  const rows: string[][] = []
  for (const section of document.sections) {
    for (const fact of section.facts) rows.push([section.title, '', fact.label, '', fact.value])
    for (const table of section.tables)
      for (const row of table.rows)
        for (let i = 1; i < row.length; i++)
          rows.push([section.title, table.caption, row[0]!, table.columns[i]!, row[i]!])
  }
  return toCsv(header, rows)
}

/** The text part of the e-mail (for clients that show no HTML): the headline facts and the link. */
export function reportText(document: ReportDocument, link: { href: string; text: string } | null): string {
  const lines = [document.title, document.span, '']
  const first = document.sections[0]
  if (first) for (const f of first.facts) lines.push(`${f.label}: ${f.value}`)
  if (link) lines.push('', `${link.text}: ${link.href}`)
  return `${lines.join('\n')}\n`
}
