import { Hono } from 'hono'
import { describe, expect, test } from 'vitest'
import { testApp } from '../../test/server-app'
import { routesWithoutRole, WRITE_ROUTES, writeRouteOf } from './route-roles'

describe('the table of write routes and their roles', () => {
  const { app } = testApp()
  const writes = app.routes
    .filter((r) => r.method !== 'GET' && r.method !== 'HEAD' && r.method !== 'ALL')
    .map((r) => `${r.method} ${r.path}`)

  test('every route that changes something has its role in the table', () => {
    expect(writes.length).toBeGreaterThan(15)
    expect(routesWithoutRole(app.routes)).toEqual([])
  })

  test('a new write route without an entry is reported', () => {
    const planted = new Hono()
    planted.post('/api/invoices', (c) => c.json({}))
    planted.get('/api/invoices', (c) => c.json({}))
    planted.post('/api/stops/reason', (c) => c.json({}))
    expect(routesWithoutRole(planted.routes)).toEqual(['POST /api/invoices'])
  })

  test('no entry names a route the server does not have', () => {
    expect(Object.keys(WRITE_ROUTES).filter((key) => !writes.includes(key))).toEqual([])
  })

  test('a request finds its entry by method and path, parameters included', () => {
    expect(writeRouteOf('POST', '/api/alerts/42/acknowledge')?.route.role).toBe('operator')
    expect(writeRouteOf('POST', '/api/stops/planned/7/cancel')?.route.role).toBe('supervisor')
    expect(writeRouteOf('POST', '/api/alerts/settings')?.route.role).toBe('admin')
    expect(writeRouteOf('POST', '/api/alerts/1/2/acknowledge')).toBeNull()
    expect(writeRouteOf('GET', '/api/stops/reason')).toBeNull()
  })

  test('the floor is the operator’s, the shift the supervisor’s, settings and people the admin’s', () => {
    const roleOf = (key: string) => WRITE_ROUTES[key]?.role
    expect(['POST /api/stops/reason', 'POST /api/stops/split', 'POST /api/plan/rejects'].map(roleOf)).toEqual(
      ['operator', 'operator', 'operator'],
    )
    expect(
      ['POST /api/plan/targets', 'POST /api/stops/planned', 'POST /api/report-settings/send-now'].map(roleOf),
    ).toEqual(['supervisor', 'supervisor', 'supervisor'])
    expect(
      ['POST /api/alerts/settings', 'POST /api/report-settings', 'POST /api/people'].map(roleOf),
    ).toEqual(['admin', 'admin', 'admin'])
  })
})
