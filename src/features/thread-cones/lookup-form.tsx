import { type FormEvent, useEffect, useId, useState } from 'react'
import { useThreadConeManufacturers, useThreadConeSeries } from '../../api/thread-cones/thread-cones'
import { CONTROL } from '../../components/form-styles'
import { useT } from '../../components/i18n'
import { failureWords } from './failure-words'
import type { LookupParams } from './use-lookup-params'

/** Manufacturer → series → colour number; the number is looked up as typed when submitted. */
export function LookupForm({ lookup }: { lookup: LookupParams }) {
  const { t } = useT()
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
    <form
      className="flex flex-wrap items-end gap-3"
      aria-label={t('threadCones.form.label')}
      onSubmit={submit}
    >
      <div className="flex flex-col">
        <label htmlFor={`${id}-m`} className="text-sm">
          {t('threadCones.form.manufacturer')}
        </label>
        <select
          id={`${id}-m`}
          // as wide before the names arrive as after (the fields beside it would move)
          className={`${CONTROL} min-w-40`}
          value={lookup.manufacturer ?? ''}
          onChange={(e) => lookup.set({ m: e.target.value, s: null, c: null })}
        >
          <option value="">
            {manufacturers.isPending ? t('threadCones.form.loading') : t('threadCones.form.choose')}
          </option>
          {manufacturers.data?.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col">
        <label htmlFor={`${id}-s`} className="text-sm">
          {t('threadCones.form.series')}
        </label>
        <select
          id={`${id}-s`}
          className={`${CONTROL} min-w-40`}
          value={lookup.series ?? ''}
          disabled={!lookup.manufacturer}
          onChange={(e) => lookup.set({ s: e.target.value, c: null })}
        >
          <option value="">
            {lookup.manufacturer && series.isPending
              ? t('threadCones.form.loading')
              : t('threadCones.form.choose')}
          </option>
          {series.data?.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col">
        <label htmlFor={`${id}-c`} className="text-sm">
          {t('threadCones.form.number')}
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
        {t('threadCones.form.submit')}
      </button>
      {manufacturers.isError && (
        <p role="alert" className="basis-full">
          {t('threadCones.form.manufacturersFailed', { reason: failureWords(manufacturers.error, t) })}
        </p>
      )}
      {series.isError && (
        <p role="alert" className="basis-full">
          {t('threadCones.form.seriesFailed', {
            manufacturer: lookup.manufacturer ?? '',
            reason: failureWords(series.error, t),
          })}
        </p>
      )}
    </form>
  )
}
