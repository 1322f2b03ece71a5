import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { describe, expect, test } from 'vitest'
import type { Machine, RecordList } from '../lib/domain'
import { applyLiveEvent } from './live'
import { machineQueryOptions, machinesQueryOptions } from './machines'

/** One event of the live stream as the server sends it (server/history/routes.ts): the portal's answer
 * to /machines, and what the history knows of each machine. */
async function streamEvent(at: number, overrides: (answer: { data: Record<string, unknown>[] }) => void) {
  const answer = (await (await fetch('http://localhost/api/machines')).json()) as {
    data: Record<string, unknown>[]
  }
  overrides(answer)
  const history = { recordingSince: null, problem: null, machines: [] }
  return JSON.stringify({ at, changed: [], history, answer })
}

describe('a live event reaches the machines a page shows', () => {
  test('the list and an open machine page get the event’s machines', async () => {
    const client = new QueryClient()
    const list = new QueryObserver(client, machinesQueryOptions())
    const one = new QueryObserver(client, machineQueryOptions('AS-1119'))
    const stop = [list.subscribe(() => {}), one.subscribe(() => {})]
    await list.refetch()
    await one.refetch()
    const event = await streamEvent(1_795_000_000_000, (answer) => {
      for (const m of answer.data) m.alias = `Renamed ${String(m.machine_id)}`
    })
    applyLiveEvent(client, event)
    const names = client.getQueryData<RecordList<Machine>>(['machines'])!.records.map((m) => m.name)
    expect(names.length).toBeGreaterThan(40)
    expect(names.every((name) => name?.startsWith('Renamed '))).toBe(true)
    expect(client.getQueryData<{ name: string }>(['machine', 'AS-1119'])?.name).toMatch(/^Renamed /)
    expect(client.getQueryState(['machines'])?.dataUpdatedAt).toBe(1_795_000_000_000)
    for (const unsubscribe of stop) unsubscribe()
  })

  test('on a page without machines nothing is read; a list kept from before is marked out of date', async () => {
    const client = new QueryClient()
    await client.fetchQuery(machinesQueryOptions())
    const before = client.getQueryData(['machines'])
    expect(client.getQueryState(['machines'])?.isInvalidated).toBe(false)
    // an answer that could not be read at all: a page without machines does not even look at it
    applyLiveEvent(
      client,
      JSON.stringify({
        at: 1,
        changed: [],
        history: { recordingSince: null, problem: null, machines: [] },
        answer: { data: 'unreadable' },
      }),
    )
    expect(client.getQueryData(['machines'])).toBe(before)
    expect(client.getQueryState(['machines'])?.isInvalidated).toBe(true)
    // nothing made up for queries nobody asked for
    const fresh = new QueryClient()
    applyLiveEvent(fresh, await streamEvent(2, () => {}))
    expect(fresh.getQueryCache().getAll()).toHaveLength(0)
  })
})
