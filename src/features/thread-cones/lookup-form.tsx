import { type FormEvent, useEffect, useId, useState } from 'react'
import { useThreadConeManufacturers, useThreadConeSeries } from '../../api/thread-cones'
import { CONTROL } from '../../components/form-styles'
import { failureWords } from './failure-words'
import type { LookupParams } from './use-lookup-params'

/** Manufacturer → series → colour number; the number is looked up as typed when submitted. */
export function LookupForm({ lookup }: { lookup: LookupParams }) {
  const manufacturers = useThreadConeManufacturers()
  const series = useThreadConeSeries(lookup.manufacturer)
  const [typed, setTyped] = useState(lookup.number ?? '')
  useEffect(() => setTyped(lookup.number ?? ''), [lookup.number])
  const id = useId()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    // exactly as typed: the service trims and pads nothing (4.8 rule 3), and neither do we
    if (typed !== '') lookup.set({ c: typed })
  }
  return (
    <form className="flex flex-wrap items-end gap-3" aria-label="Look up a colour" onSubmit={submit}>
      <div className="flex flex-col">
        <label htmlFor={`${id}-m`} className="text-sm">
          Manufacturer
        </label>
        <select
          id={`${id}-m`}
          // as wide before the names arrive as after (the fields beside it would move)
          className={`${CONTROL} min-w-40`}
          value={lookup.manufacturer ?? ''}
          onChange={(e) => lookup.set({ m: e.target.value, s: null, c: null })}
        >
          <option value="">{manufacturers.isPending ? 'Loading…' : 'Choose…'}</option>
          {manufacturers.data?.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col">
        <label htmlFor={`${id}-s`} className="text-sm">
          Series
        </label>
        <select
          id={`${id}-s`}
          className={`${CONTROL} min-w-40`}
          value={lookup.series ?? ''}
          disabled={!lookup.manufacturer}
          onChange={(e) => lookup.set({ s: e.target.value, c: null })}
        >
          <option value="">{lookup.manufacturer && series.isPending ? 'Loading…' : 'Choose…'}</option>
          {series.data?.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col">
        <label htmlFor={`${id}-c`} className="text-sm">
          Colour number
        </label>
        <input
          id={`${id}-c`}
          className={CONTROL}
          value={typed}
          disabled={!lookup.series}
          onChange={(e) => setTyped(e.target.value)}
          autoComplete="off"
          spellCheck={false}
        />
      </div>
      <button type="submit" className={CONTROL} disabled={!lookup.series || typed === ''}>
        Look up
      </button>
      {manufacturers.isError && (
        <p role="alert" className="basis-full">
          The manufacturers could not be loaded: {failureWords(manufacturers.error)}
        </p>
      )}
      {series.isError && (
        <p role="alert" className="basis-full">
          The series of {lookup.manufacturer} could not be loaded: {failureWords(series.error)}
        </p>
      )}
    </form>
  )
}
