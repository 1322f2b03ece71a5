import { useT } from '../../components/i18n'
import { CheckboxField } from '../../components/ui/checkbox-field'
import { FormSection } from '../../components/ui/form-section'
import { NumberField } from '../../components/ui/number-field'
import { TimeField } from '../../components/ui/time-field'
import { SETTING_NUMBER } from './setting-number'
import type { Change, Draft } from './settings-draft'
import { QUIET_ENDS } from './settings-words'

/** The settings every rule shares: when an alert clears, the alarm budget and the quiet hours. */
export function AllRulesSection({ draft, change }: { draft: Draft; change: Change }) {
  const { t } = useT()
  return (
    <FormSection heading={t('alerts.allRules.heading')} className="flex flex-col gap-2">
      <NumberField
        {...SETTING_NUMBER}
        label={t('alerts.allRules.clearAfter')}
        value={draft.clearAfterMinutes}
        onChange={(text) =>
          change((d) => {
            d.clearAfterMinutes = Number(text)
          })
        }
      />
      <NumberField
        {...SETTING_NUMBER}
        label={t('alerts.allRules.budget')}
        value={draft.alertsPerHour}
        min={1}
        onChange={(text) =>
          change((d) => {
            d.alertsPerHour = Number(text)
          })
        }
      />
      <CheckboxField
        label={t('alerts.allRules.quietHours')}
        checked={draft.quietHours !== null}
        onChange={(on) =>
          change((d) => {
            d.quietHours = on ? { from: '22:00', to: '06:00' } : null
          })
        }
      />
      {draft.quietHours && (
        <div className="flex flex-wrap gap-4">
          {QUIET_ENDS.map(([end, words]) => (
            <TimeField
              key={end}
              label={t(words)}
              className="flex items-center gap-2"
              value={draft.quietHours![end]}
              onChange={(time) =>
                change((d) => {
                  d.quietHours![end] = time
                })
              }
            />
          ))}
        </div>
      )}
    </FormSection>
  )
}
