import { describe, expect, test } from 'vitest'
import { t } from '../../../test/messages'
import { kioskAddresses } from '../../app/kiosk/kiosk-pages'
import { KIOSK_PAGES, kioskParams } from './kiosk-params'

const parse = (query: string) => kioskParams(new URLSearchParams(query), t, kioskAddresses())

describe('kiosk URL', () => {
  test('each page a wall can show is the registry’s page that names it', () => {
    expect(kioskAddresses()).toEqual({
      status: '/machines',
      threadbreaks: '/threadbreaks',
      shifts: '/shifts',
      collectors: '/collectors',
      stops: '/stops',
      pace: '/pace',
      orders: '/orders',
    })
    expect(Object.keys(kioskAddresses()).sort()).toEqual(Object.keys(KIOSK_PAGES).sort())
  })

  test('pages in order, with the shared filters and each page’s own', () => {
    const params = parse(
      'pages=status,threadbreaks,shifts&location=2&threadbreaks.range=7d&threadbreaks.grouping=H&dwell=20&refresh=10&exceptions=1',
    )
    expect(params.pages.map((p) => p.url)).toEqual([
      '/machines?density=wall&location=2',
      '/threadbreaks?location=2&range=7d&grouping=H',
      '/shifts?location=2',
    ])
    expect(params).toMatchObject({ dwell: 20, refresh: 10, exceptions: true, problems: [] })
  })

  test('defaults: the status board, every 30 s, refreshed every 15 s', () => {
    expect(parse('')).toMatchObject({
      pages: [{ name: 'status', url: '/machines?density=wall' }],
      dwell: 30,
      refresh: 15,
      exceptions: false,
      problems: [],
    })
  })

  test('a report can be a page', () => {
    expect(parse('pages=reports/machine-summary').pages[0]).toMatchObject({
      title: 'Machine summary',
      url: '/reports/machine-summary',
    })
  })

  test('bad values: said in words, defaults used, the good parts kept', () => {
    const params = parse('pages=status,nonsense&dwell=soon&refresh=-5&exceptions=yes')
    expect(params.pages.map((p) => p.name)).toEqual(['status'])
    expect(params.dwell).toBe(30)
    expect(params.refresh).toBe(15)
    expect(params.exceptions).toBe(false)
    expect(params.problems).toEqual([
      'pages: “nonsense” is not a page (status, threadbreaks, shifts, collectors, stops, pace, orders, reports/<name>)',
      'exceptions=yes is neither 0 nor 1; using 0',
      'dwell=soon is not a number of seconds (0.02–86400); using 30',
      'refresh=-5 is not a number of seconds (0.02–86400); using 15',
    ])
  })

  test('no valid page at all: the status board, and it says so', () => {
    const params = parse('pages=foo')
    expect(params.pages.map((p) => p.name)).toEqual(['status'])
    expect(params.problems).toContain('no page left to show; showing the machine status')
  })
})
