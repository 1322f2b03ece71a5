import { useId, useState } from 'react'
import { BASE_PATH } from '../../api/base-path'
import { useLocations } from '../../api/locations'
import { REPORTS } from '../../api/reports'
import { CONTROL } from '../../components/form-styles'
import { NumberField } from '../../components/number-field'
import { DEFAULT_DWELL, DEFAULT_REFRESH, KIOSK_PAGES } from './kiosk-params'

/** /kiosk without parameters: choose what the wall shows, get the address to bookmark on its PC. */
export function KioskSetup() {
  const named = useLocations()
  const [pages, setPages] = useState<string[]>(['status', 'threadbreaks', 'shifts'])
  const [dwell, setDwell] = useState(String(DEFAULT_DWELL))
  const [refresh, setRefresh] = useState(String(DEFAULT_REFRESH))
  const [location, setLocation] = useState('')
  const [exceptions, setExceptions] = useState(true)
  const [density, setDensity] = useState<'wall' | 'desk'>('wall')
  // the address the browser used, its base path included (behind a proxy's sub-path); another computer
  // cannot reach this one by 127.0.0.1 or localhost
  const [origin, setOrigin] = useState(`${window.location.origin}${BASE_PATH}`)
  const id = useId()
  const locations = named.locations.map((l) => [l.id, l.name] as const)
  const search = new URLSearchParams({ pages: pages.join(','), dwell, refresh })
  if (location) search.set('location', location)
  if (exceptions) search.set('exceptions', '1')
  if (density === 'desk' && pages.includes('status')) search.set('status.density', 'desk')
  search.set('theme', 'dark')
  const base = origin.trim().replace(/\/+$/, '')
  const address = `${base}/kiosk?${search.toString().replace(/%2C/g, ',').replace(/%2F/g, '/')}`
  const loopback = isLoopback(base)
  const toggle = (name: string, on: boolean) =>
    setPages(on ? [...pages, name] : pages.filter((p) => p !== name))
  return (
    <main className="mx-auto max-w-3xl space-y-4 p-6">
      <h1 className="text-2xl font-semibold">Wall display: a kiosk for a wall monitor</h1>
      <p>
        Choose what the wall shows; open the address below on the monitor’s PC (full screen, F11) and bookmark
        it. Pages rotate without reloading, data refreshes in the background, and a banner says when data is
        missing.
      </p>
      <form className="space-y-3" aria-label="Kiosk settings" onSubmit={(e) => e.preventDefault()}>
        <fieldset className="flex flex-wrap gap-4">
          <legend className="font-semibold">Pages, in this order</legend>
          {Object.entries(KIOSK_PAGES).map(([name, page]) => (
            <label key={name} className="flex items-center gap-1">
              <input
                type="checkbox"
                checked={pages.includes(name)}
                onChange={(e) => toggle(name, e.target.checked)}
              />
              {page.title}
            </label>
          ))}
        </fieldset>
        <fieldset className="flex flex-wrap gap-4">
          <legend className="font-semibold">Reports (a long report takes several screens in turn)</legend>
          {REPORTS.map((report) => {
            const name = report.path.slice(1)
            return (
              <label key={name} className="flex items-center gap-1">
                <input
                  type="checkbox"
                  checked={pages.includes(name)}
                  onChange={(e) => toggle(name, e.target.checked)}
                />
                {report.title}
              </label>
            )
          })}
        </fieldset>
        <label className="flex flex-col" htmlFor={`${id}-density`}>
          Machine status shows
          <select
            id={`${id}-density`}
            className={CONTROL}
            value={density}
            onChange={(e) => setDensity(e.target.value === 'desk' ? 'desk' : 'wall')}
          >
            <option value="wall">Machines that need attention as large cards, the others small (wall)</option>
            <option value="desk">A tile for every machine (desk)</option>
          </select>
        </label>
        <div className="flex flex-wrap gap-4">
          <NumberField
            id={`${id}-dwell`}
            label="Seconds per page"
            min="5"
            value={dwell}
            onChange={setDwell}
          />
          <NumberField
            id={`${id}-refresh`}
            label="Refresh every (seconds)"
            min="5"
            value={refresh}
            onChange={setRefresh}
          />
          <label className="flex flex-col" htmlFor={`${id}-location`}>
            Location
            <select
              id={`${id}-location`}
              className={CONTROL}
              value={location}
              onChange={(e) => setLocation(e.target.value)}
            >
              <option value="">All locations</option>
              {locations.map(([value, name]) => (
                <option key={value} value={value}>
                  {name}
                </option>
              ))}
            </select>
          </label>
        </div>
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={exceptions} onChange={(e) => setExceptions(e.target.checked)} />
          Put machines that need action first, in large type, as soon as there are any
        </label>
      </form>
      <label className="flex flex-col" htmlFor={`${id}-origin`}>
        This dashboard’s address, as the wall’s PC reaches it
        <input
          id={`${id}-origin`}
          className={CONTROL}
          type="url"
          value={origin}
          onChange={(e) => setOrigin(e.target.value)}
        />
      </label>
      {loopback && (
        <p role="note" className="rounded border border-amber-500 p-3">
          <span aria-hidden="true">⚠ </span>
          {base} is this computer’s own name for itself: the wall’s PC cannot reach it. Put this computer’s
          name or IP address on the network above (as in http://dashboard.factory.example:8080).
        </p>
      )}
      <p className="break-all">
        <a className="text-lg underline" href={address}>
          {address}
        </a>
      </p>
      <p className="text-sm">
        Each page can have its own filters: add <code>threadbreaks.range=7d</code> or{' '}
        <code>status.location=2</code>. With an access token, add <code>&amp;token=…</code> once: the kiosk
        then lives on its cookie.
      </p>
    </main>
  )
}

/** An address only this computer can reach (localhost, 127.x.x.x, ::1). */
export function isLoopback(origin: string): boolean {
  try {
    const host = new URL(origin).hostname
    return host === 'localhost' || host.endsWith('.localhost') || /^127\./.test(host) || host === '[::1]'
  } catch {
    return false
  }
}
