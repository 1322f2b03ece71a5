import { useState } from 'react'
import { setNotify, setSound, useNotifyChoice, useSoundChoice } from './signals'

/** This browser's own choices: a sound and notifications for new alerts. */
export function ThisBrowser() {
  const sound = useSoundChoice()
  const notify = useNotifyChoice()
  const [problem, setProblem] = useState<string | null>(null)
  return (
    <section aria-labelledby="this-browser">
      <h2 id="this-browser" className="mb-2 text-xl font-semibold">
        This browser
      </h2>
      <div className="flex flex-col gap-1">
        <label className="flex min-h-11 items-center gap-2">
          <input type="checkbox" checked={sound} onChange={(event) => setSound(event.target.checked)} />
          Sound for a new alert (not during quiet hours)
        </label>
        <label className="flex min-h-11 items-center gap-2">
          <input
            type="checkbox"
            checked={notify}
            onChange={(event) => void setNotify(event.target.checked).then(setProblem)}
          />
          Browser notifications for new alerts
        </label>
        {problem && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {problem}
          </p>
        )}
      </div>
    </section>
  )
}
