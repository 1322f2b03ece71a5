import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { describeError } from '../../api/errors'
import { enterRejects, rejectsQueryOptions } from '../../api/plan'
import { useWrite } from '../../api/use-write'
import { useT } from '../../components/i18n'
import { rememberedName, rememberName } from '../../components/person-name'
import { formatFactoryTime } from '../../lib/factory-time'
import { MAX_REJECTS, rejectsFor } from '../../lib/plan-targets'

/** Rejects of a shift, entered on the floor by name (no token): the quality of OEE. The latest entry
 * holds; every entry is kept with who and when. */
export function RejectsForm({
  shifts,
  timeZone,
}: {
  /** the shift running now first, then the one that ended before it (rejects are often counted at its end) */
  shifts: ReadonlyArray<{ shift: string; day: string; label: string }>
  timeZone: string
}) {
  const { t, number } = useT()
  const id = useId()
  const [chosen, setChosen] = useState(0)
  const { shift, day } = shifts[Math.min(chosen, shifts.length - 1)]!
  const rows = useQuery(rejectsQueryOptions(day, day))
  const entered = rows.data ? rejectsFor(rows.data, shift, day, null) : null
  const [count, setCount] = useState('')
  const [name, setName] = useState(rememberedName)
  const [problem, setProblem] = useState<string | null>(null)
  const write = useWrite({
    mutationFn: enterRejects,
    onSuccess: (_, variables) => {
      rememberName(variables.by)
      setCount('')
      return rows.refetch()
    },
  })
  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    const rejects = Number(count)
    if (count.trim() === '' || !Number.isInteger(rejects) || rejects < 0 || rejects > MAX_REJECTS)
      return setProblem(t('plan.rejects.notACount', { max: number(MAX_REJECTS) }))
    if (name.trim() === '') return setProblem(t('plan.rejects.noName'))
    setProblem(null)
    write.mutate({ shift, day, locationId: null, rejects, by: name.trim() })
  }
  return (
    <form onSubmit={submit} className="space-y-2" aria-labelledby={`${id}-heading`} noValidate>
      <h3 id={`${id}-heading`} className="font-semibold">
        {t('plan.rejects.heading', { shift })}
      </h3>
      <p className="text-sm text-gray-700 dark:text-gray-300">
        {entered
          ? t('plan.rejects.entered', {
              rejects: number(entered.rejects),
              name: entered.by,
              when: formatFactoryTime(entered.at, timeZone, false),
            })
          : t('plan.rejects.none')}
      </p>
      <div className="flex flex-wrap items-end gap-3">
        {shifts.length > 1 && (
          <label className="flex flex-col text-sm">
            {t('plan.rejects.shift')}
            <select
              className="rounded border border-gray-500 px-2 py-1 dark:bg-gray-900"
              value={chosen}
              onChange={(e) => setChosen(Number(e.target.value))}
            >
              {shifts.map((s, i) => (
                <option key={`${s.shift}@${s.day}`} value={i}>
                  {s.label}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className="flex flex-col text-sm">
          {t('plan.rejects.count')}
          <input
            className="w-32 rounded border border-gray-500 px-2 py-1 dark:bg-gray-900"
            inputMode="numeric"
            value={count}
            onChange={(e) => setCount(e.target.value)}
          />
        </label>
        <label className="flex flex-col text-sm">
          {t('plan.rejects.name')}
          <input
            className="w-48 rounded border border-gray-500 px-2 py-1 dark:bg-gray-900"
            autoComplete="name"
            maxLength={60}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </label>
        <button
          type="submit"
          disabled={write.isPending}
          className="rounded bg-gray-900 px-3 py-1.5 font-semibold text-white dark:bg-gray-100 dark:text-gray-900"
        >
          {t('plan.rejects.save')}
        </button>
      </div>
      <p role="status" className="text-sm">
        {problem ??
          (write.isError ? describeError(write.error, t) : write.isSuccess ? t('plan.rejects.saved') : '')}
      </p>
    </form>
  )
}
