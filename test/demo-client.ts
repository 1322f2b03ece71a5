import { createDemoUpstream, type DemoUpstreamOptions } from '../server/demo/app'

/** A fixed "now" for deterministic tests: Wednesday 18 Nov 2026, 10:30 UTC. */
export const FIXED_NOW = Date.UTC(2026, 10, 18, 10, 30)
export const NOW_S = FIXED_NOW / 1000
export const DAY = 86_400

/** The demo upstream in-process, with helpers to call it as the reference describes. */
export function demoClient(options: DemoUpstreamOptions = {}) {
  const upstream = createDemoUpstream({ now: () => FIXED_NOW, timeZone: 'Europe/Berlin', ...options })
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers of the demo upstream
  type Json = any
  const get = async (path: string, key: string | null = 'demo-key-a') => {
    const response = await upstream.app.request(path, { headers: key === null ? {} : { 'X-API-Key': key } })
    return { status: response.status, body: (await response.json()) as { data?: Json; error?: string } }
  }
  const report = async (path: string, params: Record<string, string | number | boolean>, key?: string) => {
    const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))
    return get(`${path}?${query}`, key)
  }
  const jobText = async (body: unknown) => {
    const response = await upstream.app.request('/StitchJob', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })
    return { status: response.status, text: await response.text() }
  }
  const job = async (body: Record<string, unknown>) => {
    const { status, text } = await jobText({
      ServerVersion: { Major: 3, Minor: 0 },
      WebApiLicense: 'demo-licence-a',
      ...body,
    })
    return {
      status,
      text,
      body: JSON.parse(text) as { Success: boolean; RequestData: string; [k: string]: unknown },
    }
  }
  return { ...upstream, get, report, job, jobText }
}
