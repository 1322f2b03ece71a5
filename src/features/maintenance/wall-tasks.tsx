import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { overdueQueryOptions } from '../../api/maintenance/maintenance'
import { useT } from '../../components/i18n'
import { headsInText } from '../../lib/maintenance'
import { useTaskWords } from './task-words'

/** Overdue tasks a wall lists at most; it says how many more there are. */
const WALL_TASKS = 8

/** The wall's maintenance: the tasks overdue now, quietly, below the machines that need someone (a task is
 * for the technician's round, not a machine standing). Nothing when none is overdue or the server keeps no
 * tasks; on an error, the last list stays. */
export function WallTasks() {
  const { t } = useT()
  const id = useId()
  const words = useTaskWords()
  const { data } = useQuery(overdueQueryOptions())
  if (!data?.available || data.count === 0) return null
  const shown = data.overdue.slice(0, WALL_TASKS)
  return (
    <section aria-labelledby={id} className="px-4 pb-4 text-kiosk-sm text-gray-300">
      <h2 id={id} className="font-semibold">
        {t('kiosk.maintenance.title', { count: data.count })}
      </h2>
      <ul className="columns-2 gap-x-8">
        {shown.map((o) => (
          <li key={`${o.machine}|${o.task}|${o.heads ?? ''}`} className="break-inside-avoid break-words">
            {t('kiosk.maintenance.item', {
              machine:
                o.heads === null
                  ? o.machine
                  : t('kiosk.maintenance.heads', {
                      machine: o.machine,
                      heads: o.heads,
                      count: headsInText(o.heads),
                    }),
              task: o.task,
              use: words.use(o.kind, o.used, o.interval),
            })}
          </li>
        ))}
      </ul>
      {data.count > shown.length && (
        <p>{t('kiosk.maintenance.more', { count: data.count - shown.length })}</p>
      )}
    </section>
  )
}
