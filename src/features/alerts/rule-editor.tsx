import { useT } from '../../components/i18n'
import { CheckboxField } from '../../components/ui/checkbox-field'
import { FormSection } from '../../components/ui/form-section'
import { NumberField } from '../../components/ui/number-field'
import { STATE_KEYS } from '../../lib/machine-state'
import { EscalationLevels } from './escalation-levels'
import { SETTING_NUMBER } from './setting-number'
import type { Change, Draft } from './settings-draft'
import { RULE_TITLES, type RuleId, WATCHED_STATES } from './settings-words'

/** One rule of the form: on or off, its thresholds, and its escalation. */
export function RuleEditor({ rule, draft, change }: { rule: RuleId; draft: Draft; change: Change }) {
  const { t } = useT()
  const settings = draft.rules[rule]
  return (
    <FormSection heading={t(RULE_TITLES[rule])} className="flex flex-col gap-2">
      <CheckboxField
        label={t('alerts.rule.on', { rule: t(RULE_TITLES[rule]) })}
        checked={settings.enabled}
        onChange={(enabled) =>
          change((d) => {
            d.rules[rule].enabled = enabled
          })
        }
      />
      {rule === 'state' && (
        <div className="flex flex-wrap gap-4">
          {WATCHED_STATES.map((state) => (
            <NumberField
              {...SETTING_NUMBER}
              key={state}
              label={t('alerts.rule.stateLongerThan', { state: t(STATE_KEYS[state]) })}
              value={draft.rules.state.minutes[state]}
              onChange={(text) =>
                change((d) => {
                  d.rules.state.minutes[state] = Number(text)
                })
              }
            />
          ))}
        </div>
      )}
      {rule === 'head-breaks' && (
        <div className="flex flex-wrap gap-4">
          <NumberField
            {...SETTING_NUMBER}
            label={t('alerts.rule.inARow')}
            value={draft.rules['head-breaks'].inARow}
            min={2}
            onChange={(text) =>
              change((d) => {
                d.rules['head-breaks'].inARow = Number(text)
              })
            }
          />
          <NumberField
            {...SETTING_NUMBER}
            label={t('alerts.rule.within')}
            value={draft.rules['head-breaks'].withinMinutes}
            min={1}
            onChange={(text) =>
              change((d) => {
                d.rules['head-breaks'].withinMinutes = Number(text)
              })
            }
          />
        </div>
      )}
      {rule === 'hot-spot' && <p className="text-sm">{t('alerts.rule.hotSpotExplained')}</p>}
      {rule === 'orders' && <p className="text-sm">{t('alerts.rule.ordersExplained')}</p>}
      {rule === 'maintenance' && (
        <>
          <p className="text-sm">{t('alerts.rule.maintenanceExplained')}</p>
          <NumberField
            {...SETTING_NUMBER}
            label={t('alerts.rule.maintenanceMargin')}
            value={draft.rules.maintenance.marginPercent}
            min={0}
            onChange={(text) =>
              change((d) => {
                d.rules.maintenance.marginPercent = Number(text)
              })
            }
          />
        </>
      )}
      {rule === 'screens' && (
        <>
          <p className="text-sm">{t('alerts.rule.screensExplained')}</p>
          <NumberField
            {...SETTING_NUMBER}
            label={t('alerts.rule.screensSilent')}
            value={draft.rules.screens.minutes}
            min={2}
            onChange={(text) =>
              change((d) => {
                d.rules.screens.minutes = Number(text)
              })
            }
          />
        </>
      )}
      <EscalationLevels rule={rule} draft={draft} change={change} />
    </FormSection>
  )
}
