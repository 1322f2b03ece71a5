import { useState } from 'react'
import { useT } from '../../components/i18n'
import type { MessageKey } from '../../lib/i18n/translator'
import { type NotifyProblem, setNotify, setSound, useNotifyChoice, useSoundChoice } from './signals'

const PROBLEMS: Record<NotifyProblem, MessageKey> = {
  unsupported: 'alerts.browser.unsupported',
  refused: 'alerts.browser.refused',
}

/** This browser's own choices: a sound and notifications for new alerts. */
export function ThisBrowser() {
  const { t } = useT()
  const sound = useSoundChoice()
  const notify = useNotifyChoice()
  const [problem, setProblem] = useState<NotifyProblem | null>(null)
  return (
    <section aria-labelledby="this-browser">
      <h2 id="this-browser" className="mb-2 text-xl font-semibold">
        {t('alerts.browser.heading')}
      </h2>
      <div className="flex flex-col gap-1">
        <label className="flex min-h-11 items-center gap-2">
          <input type="checkbox" checked={sound} onChange={(event) => setSound(event.target.checked)} />
          {t('alerts.browser.sound')}
        </label>
        <label className="flex min-h-11 items-center gap-2">
          <input
            type="checkbox"
            checked={notify}
            onChange={(event) => void setNotify(event.target.checked).then(setProblem)}
          />
          {t('alerts.browser.notify')}
        </label>
        {problem && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {t(PROBLEMS[problem])}
          </p>
        )}
      </div>
    </section>
  )
}
