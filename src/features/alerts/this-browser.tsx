import { useState } from 'react'
import { useT } from '../../components/i18n'
import { CheckboxField } from '../../components/ui/checkbox-field'
import { FormErrors } from '../../components/ui/form-errors'
import { FormSection } from '../../components/ui/form-section'
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
    <FormSection heading={t('alerts.browser.heading')} headingClassName="mb-2 text-xl font-semibold">
      <div className="flex flex-col gap-1">
        <CheckboxField label={t('alerts.browser.sound')} checked={sound} onChange={setSound} />
        <CheckboxField
          label={t('alerts.browser.notify')}
          checked={notify}
          onChange={(on) => void setNotify(on).then(setProblem)}
        />
        <FormErrors className="text-sm" errors={problem && t(PROBLEMS[problem])} />
      </div>
    </FormSection>
  )
}
