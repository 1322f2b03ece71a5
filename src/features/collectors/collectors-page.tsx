import { type FormEvent, useId, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { useMachines } from '../../api/machines'
import { CONTROL } from '../../components/form-styles'
import { recentCollectors } from './recent-collectors'

/** Collector units: those named by the machines, those opened before, and any other id. */
export function CollectorsPage() {
  const machines = useMachines()
  const navigate = useNavigate()
  const id = useId()
  const [typed, setTyped] = useState('')
  const known = [
    ...new Set((machines.data ?? []).map((m) => m.datacollector_id).filter((x): x is string => !!x)),
  ].sort()
  const recent = recentCollectors().filter((x) => !known.includes(x))
  const open = (event: FormEvent) => {
    event.preventDefault()
    if (typed.trim()) navigate(`/collectors/${encodeURIComponent(typed.trim())}`)
  }
  const list = (ids: string[]) => (
    <ul className="list-inside list-disc">
      {ids.map((x) => (
        <li key={x}>
          <Link className="underline" to={`/collectors/${encodeURIComponent(x)}`}>
            {x}
          </Link>
        </li>
      ))}
    </ul>
  )
  return (
    <section className="space-y-4 p-4" aria-labelledby="collectors-heading">
      <h1 id="collectors-heading" className="text-2xl font-semibold">
        Collector units
      </h1>
      <form onSubmit={open} className="flex flex-wrap items-end gap-2">
        <div className="flex flex-col">
          <label htmlFor={`${id}-collector`} className="text-sm">
            Collector unit id
          </label>
          <input
            id={`${id}-collector`}
            className={CONTROL}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
        </div>
        <button type="submit" className="rounded border border-gray-400 px-3 py-1 dark:border-gray-600">
          Open
        </button>
      </form>
      <section aria-labelledby={`${id}-known`}>
        <h2 id={`${id}-known`} className="text-lg font-semibold">
          Collector units of your machines
        </h2>
        {known.length ? list(known) : <p>The machine list names no collector units.</p>}
      </section>
      {recent.length > 0 && (
        <section aria-labelledby={`${id}-recent`}>
          <h2 id={`${id}-recent`} className="text-lg font-semibold">
            Opened before
          </h2>
          {list(recent)}
        </section>
      )}
    </section>
  )
}
