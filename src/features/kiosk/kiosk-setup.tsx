import { useId, useState } from 'react'
import { useLocations } from '../../api/locations'
import { CONTROL } from '../../components/form-styles'
import { DEFAULT_DWELL, DEFAULT_REFRESH, KIOSK_PAGES } from './kiosk-params'

/** /kiosk without parameters: choose what the wall shows, get the address to bookmark on its PC. */
export function KioskSetup() {
  const named = useLocations()
  const [pages, setPages] = useState<string[]>(['status', 'threadbreaks', 'shifts'])
  const [dwell, setDwell] = useState(String(DEFAULT_DWELL))
  const [refresh, setRefresh] = useState(String(DEFAULT_REFRESH))
  const [location, setLocation] = useState('')
  const [exceptions, setExceptions] = useState(true)
  const id = useId()
  const locations = named.locations.map((l) => [l.id, l.name] as const)
  const search = new URLSearchParams({ pages: pages.join(','), dwell, refresh })
  if (location) search.set('location', location)
  if (exceptions) search.set('exceptions', '1')
  search.set('theme', 'dark')
  const address = `${window.location.origin}/kiosk?${search.toString().replace(/%2C/g, ',')}`
  return (
    <main className="mx-auto max-w-3xl space-y-4 p-6">
      <h1 className="text-2xl font-semibold">Kiosk for a wall monitor</h1>
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
                onChange={(e) =>
                  setPages(e.target.checked ? [...pages, name] : pages.filter((p) => p !== name))
                }
              />
              {page.title}
            </label>
          ))}
        </fieldset>
        <div className="flex flex-wrap gap-4">
          <label className="flex flex-col" htmlFor={`${id}-dwell`}>
            Seconds per page
            <input
              id={`${id}-dwell`}
              className={CONTROL}
              type="number"
              min="5"
              value={dwell}
              onChange={(e) => setDwell(e.target.value)}
            />
          </label>
          <label className="flex flex-col" htmlFor={`${id}-refresh`}>
            Refresh every (seconds)
            <input
              id={`${id}-refresh`}
              className={CONTROL}
              type="number"
              min="5"
              value={refresh}
              onChange={(e) => setRefresh(e.target.value)}
            />
          </label>
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
