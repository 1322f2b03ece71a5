import { useId } from 'react'
import { CONTROL } from '../../components/form-styles'
import { useT } from '../../components/i18n'
import { NumberField } from '../../components/number-field'
import { SETTING_NUMBER } from './setting-number'
import type { Change, Draft } from './settings-draft'
import { QUIET_ENDS } from './settings-words'

/** The settings every rule shares: when an alert clears, the alarm budget and the quiet hours. */
export function AllRulesSection({ draft, change }: { draft: Draft; change: Change }) {
  const { t } = useT()
  const id = useId()
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h2 id={id} className="text-xl font-semibold">
        {t('alerts.allRules.heading')}
      </h2>
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
      <label className="flex min-h-11 items-center gap-2">
        <input
          type="checkbox"
          checked={draft.quietHours !== null}
          onChange={(event) =>
            change((d) => {
              d.quietHours = event.target.checked ? { from: '22:00', to: '06:00' } : null
            })
          }
        />
        {t('alerts.allRules.quietHours')}
      </label>
      {draft.quietHours && (
        <div className="flex flex-wrap gap-4">
          {QUIET_ENDS.map(([end, words]) => (
            <label key={end} className="flex items-center gap-2">
              {t(words)}
              <input
                type="time"
                className={`${CONTROL} min-h-11`}
                value={draft.quietHours![end]}
                onChange={(event) =>
                  change((d) => {
                    d.quietHours![end] = event.target.value
                  })
                }
              />
            </label>
          ))}
        </div>
      )}
    </section>
  )
}
