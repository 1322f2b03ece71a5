import { screen, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { expect, test } from 'vitest'
import { renderWithProviders } from '../../../test/render'
import { mswServer } from '../../../test/setup-dom'
import { buildVendorBreak, type VendorBreak } from '../../../test/vendor-fixtures'
import { BreakChecks } from './break-checks'

// a healthy grid: a little on every head and needle, nothing for the grid's patterns
const rows = Array.from({ length: 12 * 15 }, (_, i) => ({
  machineId: 'AS-1001',
  machineName: 'North 01 · 12H',
  head: Math.floor(i / 15) + 1,
  needle: (i % 15) + 1,
  count: 1,
}))
const params = { from: 0, till: 86_400 }

/** A seeded random source (mulberry32): the same log every run. */
function random(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let x = Math.imul(a ^ (a >>> 15), 1 | a)
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296
  }
}

/** Passes of a design one after another at `rpm(pass)`, breaking at random every `gap(pass)` stitches on
 * average, and at the stitches `extra` names; the log newest first, as the vendor sends it. */
function passes(
  n: number,
  stitches: number,
  rpm: (pass: number) => number,
  gap: (pass: number) => number,
  { extra = [] as number[], pattern = 'ASD1001' } = {},
): VendorBreak[] {
  const next = random(n * stitches)
  const log: VendorBreak[] = []
  let time = Date.UTC(2026, 10, 10)
  for (let pass = 0; pass < n; pass++) {
    const at: number[] = [...extra]
    for (let stitch = -Math.log(1 - next()) * gap(pass); stitch < stitches; ) {
      at.push(Math.ceil(stitch))
      stitch += -Math.log(1 - next()) * gap(pass)
    }
    let last = 0
    for (const stitch of at.sort((a, b) => a - b)) {
      time += ((stitch - last) / rpm(pass)) * 60_000 + 120_000
      last = stitch
      log.push(
        buildVendorBreak({
          timestamp: Math.round(time),
          pattern,
          pattern_stitchnumber: stitch,
          stitches,
          rotation_speed: rpm(pass),
        }),
      )
    }
    time += ((stitches - last) / rpm(pass)) * 60_000 + 300_000
  }
  return log.reverse()
}

function answer(log: VendorBreak[]) {
  const asked: string[] = []
  mswServer.use(
    http.get('/api/reports/threadbreaks-by-machine', ({ request }) => {
      asked.push(new URL(request.url).searchParams.get('machineIds') ?? '')
      return HttpResponse.json({ data: log })
    }),
  )
  return asked
}

test('breaks rising with speed: "check the speed", with each band’s breaks per 1,000 stitches', async () => {
  // every other pass at 1,000 rpm, breaking every 700 stitches; at 700 rpm every 2,500
  const asked = answer(
    passes(
      40,
      20_000,
      (p) => (p % 2 ? 1000 : 700),
      (p) => (p % 2 ? 700 : 2_500),
    ),
  )
  renderWithProviders(<BreakChecks machineId="AS-1001" rows={rows} heads={12} needles={15} params={params} />)
  const checks = screen.getByRole('region', { name: 'What to check' })
  const item = await within(checks).findByText(/^Breaks rise with speed/)
  expect(item.textContent).toBe(
    'Breaks rise with speed: check the speed, and try this machine below 1,000\u00a0rpm.',
  )
  expect(item.closest('li')!.textContent).toMatch(
    /^Breaks rise with speed.* [\d.]+ breaks per 1,000\u00a0stitches at 1,000\u00a0rpm, [\d.]+ at 700\u00a0rpm: [\d.]+× as often \([\d,]+\u00a0breaks at the higher speeds, [\d.,]+ at the lower speeds’ rate\)\./,
  )
  // the log asked for this machine alone
  expect(asked).toEqual(['AS-1001'])
  expect(within(checks).queryByText('No head or needle stands out: nothing to check first.')).toBeNull()
})

test('breaks clustered in a stretch of a design: its digitizing there, with its count against its share', async () => {
  // a break every 2,000 stitches of a 10,000-stitch design, and three more in stitches 4,801–5,100 (stretches of 300)
  answer(
    passes(
      12,
      10_000,
      () => 850,
      () => 2_000,
      { extra: [4_810, 4_850, 4_890], pattern: 'ASD2002' },
    ),
  )
  renderWithProviders(<BreakChecks machineId="AS-1001" rows={rows} heads={12} needles={15} params={params} />)
  const checks = screen.getByRole('region', { name: 'What to check' })
  const item = await within(checks).findByText(/stitches 4,801–5,100: check the design’s digitizing/)
  expect(item.closest('li')!.textContent).toMatch(
    /(3\d|4\d)\u00a0breaks in that stretch, [\d.]+× its share of the design’s breaks on this machine \([\d.]+, its share of the 10,000\u00a0stitches\)\./,
  )
  expect(within(item.closest('li')!).getByRole('link')).toHaveAttribute(
    'href',
    expect.stringMatching(/^\/design-breaks\?.*design=ASD2002/),
  )
  expect(within(checks).queryByText(/^Breaks rise with speed/)).toBeNull()
})

test('a log without either pattern says so below the grid’s checks', async () => {
  answer(
    passes(
      20,
      20_000,
      (p) => (p % 2 ? 1000 : 700),
      () => 2_000,
    ),
  )
  renderWithProviders(<BreakChecks machineId="AS-1001" rows={rows} heads={12} needles={15} params={params} />)
  const checks = screen.getByRole('region', { name: 'What to check' })
  await within(checks).findByText(/^The break log shows no rise with speed/)
  expect(
    within(checks).getByText('No head or needle stands out: nothing to check first.'),
  ).toBeInTheDocument()
  expect(within(checks).queryAllByRole('listitem')).toEqual([])
})

test('a check becomes a maintenance task in one tap: once, on its machine, named by the check, its evidence the note', async () => {
  localStorage.setItem('stitchboard.on-it-name', 'Jonas')
  const sent: unknown[] = []
  let made = true
  mswServer.use(
    http.get('/api/maintenance/checks', () =>
      HttpResponse.json({ verdicts: [], right: 0, wrong: 0, canMark: true }),
    ),
    http.post('/api/maintenance/checks/task', async ({ request }) => {
      sent.push(await request.json())
      const task = {
        id: 7,
        name: 'x',
        scope: { machineIds: ['AS-1001'] },
        per: 'machine',
        interval: { kind: 'once', value: 1 },
        note: '',
        version: 1,
        updatedAt: 0,
        updatedBy: 'Jonas',
      }
      return HttpResponse.json({ task, made }, { status: made ? 201 : 200 })
    }),
  )
  answer([])
  // needle 11 breaks on every head
  const hot = rows.map((r) => (r.needle === 11 ? { ...r, count: 9 } : r))
  const first = renderWithProviders(
    <BreakChecks machineId="AS-1001" rows={hot} heads={12} needles={15} params={params} />,
  )
  const task = await screen.findByRole('button', {
    name: /^Make it a maintenance task, due within a day: Needle 11 /,
  })
  task.click()
  await screen.findByText('It is a maintenance task now, due within a day.')
  expect(sent).toEqual([
    {
      machineId: 'AS-1001',
      check: expect.stringMatching(/^Needle 11 breaks on 12 of 12 heads: check that needle’s thread/),
      evidence: expect.stringMatching(/^108\u00a0breaks, [\d.]+× its share/),
      by: 'Jonas',
    },
  ])
  expect(task).toBeDisabled()
  first.unmount()
  // made a task before and still waiting: said so
  made = false
  renderWithProviders(<BreakChecks machineId="AS-1001" rows={hot} heads={12} needles={15} params={params} />)
  ;(
    await screen.findByRole('button', { name: /^Make it a maintenance task, due within a day: Needle 11 / })
  ).click()
  await screen.findByText('It is a maintenance task already, waiting to be done.')
})

test('a check gives its reason to the machine’s stop now in one tap, when nobody said why it stands', async () => {
  localStorage.setItem('stitchboard.on-it-name', 'Jonas')
  const start = Date.UTC(2026, 10, 18, 10, 0)
  const sent: unknown[] = []
  mswServer.use(
    http.get('/api/maintenance/checks', () =>
      HttpResponse.json({ verdicts: [], right: 0, wrong: 0, canMark: true }),
    ),
    http.get('/api/stops/current', () =>
      HttpResponse.json({
        at: start + 600_000,
        parts: [
          {
            machineId: 'AS-1001',
            start,
            end: start + 600_000,
            ongoing: true,
            stopStart: start,
            codes: [2],
            atLeast: false,
            reason: null,
            source: null,
            by: null,
            givenAt: null,
            comment: null,
            plannedUntil: null,
          },
        ],
      }),
    ),
    http.post('/api/stops/reason', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>
      sent.push(body)
      return HttpResponse.json({
        part: {
          machineId: 'AS-1001',
          start,
          end: start + 600_000,
          ongoing: true,
          stopStart: start,
          codes: [2],
          atLeast: false,
          reason: body.reason,
          source: 'person',
          by: 'Jonas',
          givenAt: start + 600_000,
          comment: body.comment,
          plannedUntil: null,
        },
        replaced: null,
      })
    }),
  )
  answer([])
  // head 4 breaks on every needle: the head, so the machine's own fault or repair
  const hot = rows.map((r) => (r.head === 4 ? { ...r, count: 9 } : r))
  renderWithProviders(<BreakChecks machineId="AS-1001" rows={hot} heads={12} needles={15} params={params} />)
  const give = await screen.findByRole('button', {
    name: /^Give “Machine fault or repair” as the reason the machine stands now: Head 4 /,
  })
  give.click()
  await screen.findByText('Given as the reason it stands now: Machine fault or repair.')
  expect(sent).toEqual([
    {
      machineId: 'AS-1001',
      start,
      reason: 'machine-fault',
      comment: expect.stringMatching(/^Head 4 breaks on 15 of 15 needles: check that head’s hook timing/),
      seen: null,
      by: 'Jonas',
    },
  ])
})
