import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createDemoUpstream } from '../../../server/demo/app'
import { fetchTransport } from '../../../server/proxy/upstream'
import { FIXED_NOW } from '../../../test/demo-client'
import { renderWithProviders } from '../../../test/render'
import { testApp, VENDOR_ENV } from '../../../test/server-app'
import { asBrowserSends, mswServer } from '../../../test/setup-dom'
import { ThreadConesPage } from './thread-cones-page'

/** Through MSW to the real server app and the demo upstream's job interface (reference 4.8, 7). */
function renderAt(search: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/thread-cones" element={<ThreadConesPage />} />
    </Routes>,
    { path: `/thread-cones${search}` },
  )
}

const answerCard = async () => {
  const card = await screen.findByRole('article')
  const entries = within(card)
    .getAllByRole('term')
    .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent])
  return { card, facts: Object.fromEntries(entries) as Record<string, string> }
}

let jobs: Array<Record<string, unknown>> = []
const listener = async ({ request }: { request: Request }) => {
  if (new URL(request.url).pathname === '/api/job') jobs.push(await request.clone().json())
}
beforeEach(() => {
  jobs = []
  localStorage.clear()
  mswServer.events.on('request:start', listener)
})
afterEach(() => {
  mswServer.events.removeListener('request:start', listener)
})

describe('the look-up chain on the demo catalogue', () => {
  test('GetThreadCone answers: RGB, hex, name, Index, ScanCode with all 12 digits, Weight', async () => {
    renderAt('?m=Nordfaden&s=NFP-40&c=1898')
    const { card, facts } = await answerCard()
    expect(facts['Colour number']).toBe('1898')
    expect(facts.ScanCode).toBe('999999999999')
    expect(facts.Index).toMatch(/^\d+$/)
    expect(facts.Hex).toMatch(/^#[0-9A-F]{6}$/)
    await waitFor(() => expect(within(card).getByText('Weight').nextElementSibling).toHaveTextContent('40'))
    // exactly the fields the reference asks for, the number as a JSON string; no Client, no licence
    expect(jobs.find((j) => j.RequestType === 'GetThreadCone')).toEqual({
      RequestType: 'GetThreadCone',
      ThreadCone: { ConeSeries: 'NFP-40', ColorNumber: '1898' },
    })
  })

  test('letter case does not matter: "A107" finds the stored "a107", and the page says how it is stored', async () => {
    renderAt('?m=Lumen+Threads&s=LUMEN+Classic+40+v2&c=A107')
    const { card, facts } = await answerCard()
    expect(facts['Colour number']).toBe('a107')
    expect(within(card).getByText(/You typed “A107”; the series stores it as “a107”/)).toBeInTheDocument()
    // this series stores Index as a string ("8"): shown all the same
    expect(facts.Index).toBe('8')
  })

  test('a number stored twice in a series: the first is the answer, and the page says so', async () => {
    renderAt('?m=Sakura+Ito&s=7713&c=2040')
    const { card } = await answerCard()
    expect(
      await within(card).findByText(
        /This series has 2 colours numbered “2040”; the service always answers with the first/,
      ),
    ).toBeInTheDocument()
  })

  test('added leading zeros do not find the colour; the page offers the right one, which then answers', async () => {
    const user = userEvent.setup()
    renderAt('?m=Nordfaden&s=NFP-40&c=01004')
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('No colour “01004” in series NFP-40.')
    expect(alert).toHaveTextContent('The service said: “Thread cone not found: NFP-40 / 01004”')
    expect(alert).toHaveTextContent('the service pads nothing')
    await user.click(await within(alert).findByRole('button', { name: /^1004/ }))
    const { facts } = await answerCard()
    expect(facts['Colour number']).toBe('1004')
  })

  test('"0012" and "12" are different colours: "012" offers both', async () => {
    renderAt('?m=Nordfaden&s=nf_rayon40&c=012')
    const alert = await screen.findByRole('alert')
    await waitFor(() => expect(within(alert).getAllByRole('button')).toHaveLength(2))
    const offers = within(alert).getAllByRole('button')
    expect(offers.map((b) => b.textContent?.split(' ')[0])).toEqual(['0012', '12'])
  })

  test('spaces typed are sent as typed, and the page says the service trims nothing', async () => {
    renderAt('?m=Nordfaden&s=NFP-40&c=+1004+')
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('You typed spaces around the number: the service trims nothing.')
    expect(jobs.find((j) => j.RequestType === 'GetThreadCone')?.ThreadCone).toEqual({
      ConeSeries: 'NFP-40',
      ColorNumber: ' 1004 ',
    })
  })

  test('an empty ColorName reads "no name"; the needle entry copies with ThreadSize = Weight as a string', async () => {
    const user = userEvent.setup()
    renderAt('?m=Lumen+Threads&s=lm.metallic~30&c=M-2001')
    const { card, facts } = await answerCard()
    expect(facts.Name).toBe('no name')
    const copy = within(card).getByRole('button', { name: 'Copy as needle entry' })
    await waitFor(() => expect(copy).toBeEnabled())
    await user.click(copy)
    const copied = JSON.parse(await navigator.clipboard.readText())
    expect(Object.keys(copied)).toEqual(['Red', 'Green', 'Blue', 'ColorName', 'ColorNumber', 'ThreadSize'])
    expect(copied).toMatchObject({ ColorNumber: 'M-2001', ThreadSize: '30' })
    expect(typeof copied.Red).toBe('number')
    expect(within(card).getByText('Copied.')).toBeInTheDocument()
  })

  test('a series id the service does not know: "series not found", in plain words and its own', async () => {
    renderAt('?m=Nordfaden&s=NFP-41&c=1004')
    const [alert] = await screen.findAllByText(/the service has no series “NFP-41”/)
    expect(alert).toHaveTextContent('its words: “Thread cone series not found: NFP-41”')
  })

  test('a series the service cannot read: its own message, said to be possibly in another language', async () => {
    renderAt('?m=Sakura+Ito&s=SK-ARCHIV-2019&c=1')
    const alerts = await screen.findAllByText(
      /could not read this series; its own message, which may be in another language: “Die Datei/,
      {},
    )
    expect(alerts.length).toBeGreaterThan(0)
  })

  test('a licence the service refuses: said as a server configuration problem, with its words', async () => {
    const upstream = createDemoUpstream({ now: () => FIXED_NOW, timeZone: 'Europe/Berlin' })
    // the vendor's job address, answered by the demo upstream's job interface
    const demoJobs = fetchTransport(async (request: Request) =>
      upstream.app.fetch(
        new Request(request.url.replace('http://jobs.test/api', 'http://demo'), {
          method: request.method,
          headers: request.headers,
          body: await request.text(),
        }),
      ),
    )
    const { app } = testApp({ ...VENDOR_ENV, WEB_API_LICENSE: 'not-a-licence' }, demoJobs)
    mswServer.use(http.post('/api/job', ({ request }) => app.fetch(asBrowserSends(request))))
    renderAt('?m=Nordfaden')
    // the first call, for the manufacturers, already fails
    const [alert] = await screen.findAllByText(
      /licence \(WEB_API_LICENSE\) is missing or not accepted: “Invalid licence token\.”/,
      {},
    )
    expect(alert).toHaveTextContent('The manufacturers could not be loaded')
  })

  test('an HTTP failure of the server is shown as such', async () => {
    mswServer.use(
      http.post('/api/job', () =>
        HttpResponse.json({ error: 'The thread-cone service did not answer within 15 s' }, { status: 504 }),
      ),
    )
    renderAt('?m=Nordfaden')
    const [alert] = await screen.findAllByText(/did not answer within 15 s/)
    expect(alert).toHaveTextContent(
      'The manufacturers could not be loaded: The thread-cone service did not answer',
    )
  })
})

describe('catalogue and recent look-ups', () => {
  // jsdom lays nothing out: give the swatch grid a desk-sized window so the virtualiser renders rows
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(480)
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(960)
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })

  test('searching the series narrows the swatches; choosing one looks it up and remembers it', async () => {
    const user = userEvent.setup()
    renderAt('?m=Nordfaden&s=NFP-40')
    await screen.findByText('300 of 300 colours')
    await user.type(screen.getByLabelText('Search the series (number or name)'), 'pale coral')
    await screen.findByText(/^[1-9] of 300 colours$/)
    await user.click(screen.getByRole('button', { name: /^1004 Pale Coral 1, #/ }))
    const { facts } = await answerCard()
    expect(facts['Colour number']).toBe('1004')
    await waitFor(() => expect(localStorage.getItem('stitchboard-thread-cones')).toContain('c=1004'))
  })
})
