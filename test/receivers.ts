import { execFileSync } from 'node:child_process'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

/** A mail server the test starts (smtp-server), each mail parsed as a mail client reads it (mailparser). */
export async function startMailReceiver() {
  const mails: ParsedMail[] = []
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          mails.push(mail)
          callback()
        },
        (error: Error) => callback(error),
      )
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  const port = (smtp.server.address() as AddressInfo).port
  return {
    mails,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  }
}

/** A webhook receiver: the JSON bodies posted to each path; a path in `failing` answers HTTP 500. */
export async function startHookReceiver() {
  const received: Array<{ path: string; body: Record<string, unknown> }> = []
  const failing = new Set<string>()
  const server: Server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8')
    })
    req.on('end', () => {
      if (failing.has(req.url ?? '')) {
        res.writeHead(500).end('receiver down')
        return
      }
      received.push({ path: req.url ?? '', body: JSON.parse(body) as Record<string, unknown> })
      res.writeHead(200).end('ok')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    received,
    failing,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** A PDF's text as poppler's pdftotext reads it, its layout kept (a table's row on one line). */
export function pdfText(pdf: Buffer): string {
  try {
    return execFileSync(process.env.PDFTOTEXT_PATH || 'pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], {
      input: pdf,
      encoding: 'utf8',
    })
  } catch (error) {
    throw new Error(
      `pdftotext cannot run (${(error as Error).message}): apt-get install poppler-utils (npm test does when it may)`,
    )
  }
}

/** A CSV's rows (RFC 4180 quotes, the byte-order mark dropped). */
export function csvRows(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  const body = text.replace(/^\uFEFF/, '')
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"'
        i++
      } else if (c === '"') quoted = false
      else cell += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      row.push(cell)
      cell = ''
    } else if (c === '\n') {
      row.push(cell.replace(/\r$/, ''))
      rows.push(row)
      row = []
      cell = ''
    } else cell += c
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell])
  return rows
}
