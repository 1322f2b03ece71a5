import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { describe, expect, test } from 'vitest'
import type { Machine, RecordList } from '../../lib/domain'
import { machineQueryOptions, machinesQueryOptions } from '../machines/machines'
import { applyLiveEvent } from './live'

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
    await applyLiveEvent(client, event)
    const names = client.getQueryData<RecordList<Machine>>(['machines'])!.records.map((m) => m.name)
    expect(names.length).toBeGreaterThan(40)
    expect(names.every((name) => name?.startsWith('Renamed '))).toBe(true)
    expect(client.getQueryData<{ name: string }>(['machine', 'AS-1119'])?.name).toMatch(/^Renamed /)
    expect(client.getQueryState(['machines'])?.dataUpdatedAt).toBe(1_795_000_000_000)
    for (const unsubscribe of stop) unsubscribe()
  })

  test('a list kept without a page showing it is kept up to date (no second request when the board opens)', async () => {
    const client = new QueryClient()
    await client.fetchQuery(machinesQueryOptions())
    await applyLiveEvent(
      client,
      await streamEvent(1_795_000_000_000, (answer) => {
        for (const m of answer.data) m.alias = `Kept ${String(m.machine_id)}`
      }),
    )
    expect(client.getQueryData<RecordList<Machine>>(['machines'])!.records[0]?.name).toMatch(/^Kept /)
    expect(client.getQueryState(['machines'])?.dataUpdatedAt).toBe(1_795_000_000_000)
  })

  test('with no machine query at all, the event is not even read, and nothing is made up', async () => {
    const client = new QueryClient()
    // an answer that could not be read: a page without machines does not look at it
    const unreadable = {
      at: 1,
      changed: [],
      history: { recordingSince: null, problem: null, machines: [] },
      answer: { data: 'unreadable' },
    }
    await expect(applyLiveEvent(client, JSON.stringify(unreadable))).resolves.toBeUndefined()
    expect(client.getQueryCache().getAll()).toHaveLength(0)
  })
})
