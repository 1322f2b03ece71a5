import { DataTable } from '../../components/data-table'
import { useT } from '../../components/i18n'
import { ScrollArea } from '../../components/scroll-area'
import { CheckboxField } from '../../components/ui/checkbox-field'
import { FIELD } from '../../components/ui/field-styles'
import { NumberField } from '../../components/ui/number-field'
import { TextField } from '../../components/ui/text-field'
import { type Change, type Draft, withChannel } from './settings-draft'
import type { RuleId } from './settings-words'

/** A rule's escalation levels: each one's name, when it starts and the saved channels it tells. */
export function EscalationLevels({ rule, draft, change }: { rule: RuleId; draft: Draft; change: Change }) {
  const { t } = useT()
  const levels = draft.rules[rule].levels
  const saved = draft.channels.filter((c) => c.id)
  return (
    <ScrollArea label={t('alerts.common.table')}>
      <DataTable
        className="w-full text-left text-sm"
        captionClassName="text-left font-medium"
        caption={t('alerts.levels.caption')}
        columns={[
          { key: 'level', label: t('alerts.levels.level'), className: 'py-1 pr-3' },
          { key: 'after', label: t('alerts.levels.after'), className: 'py-1 pr-3' },
          { key: 'tell', label: t('alerts.levels.tell'), className: 'py-1 pr-3' },
        ]}
      >
        {levels.map((level, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: levels are edited in place, by position
          <tr key={i} className="border-t border-gray-200 align-top dark:border-gray-800">
            <td className="py-1 pr-3">
              <TextField
                label={t('alerts.levels.nameOf', { level: i + 1 })}
                labelClassName="sr-only"
                className=""
                value={level.name}
                onChange={(name) =>
                  change((d) => {
                    d.rules[rule].levels[i]!.name = name
                  })
                }
              />
            </td>
            <td className="py-1 pr-3">
              <NumberField
                label={t('alerts.levels.afterOf', { level: i + 1 })}
                labelClassName="sr-only"
                className=""
                min={0}
                // the server keeps fractions (0.2 min = 12 s); a whole-number step made the browser refuse
                // to send the form at all once one was stored
                step="any"
                inputClassName={`${FIELD} w-24`}
                value={level.afterMinutes}
                onChange={(text) =>
                  change((d) => {
                    d.rules[rule].levels[i]!.afterMinutes = Number(text)
                  })
                }
              />
            </td>
            <td className="py-1 pr-3">
              {i === 0 && <p>{t('alerts.levels.always')}</p>}
              {saved.length === 0 ? (
                i > 0 && <p>{t('alerts.levels.noChannel')}</p>
              ) : (
                <ul className="flex flex-wrap gap-x-4">
                  {saved.map((c) => (
                    <li key={c.id}>
                      <CheckboxField
                        label={c.name}
                        className="flex min-h-11 items-center gap-1"
                        checked={level.channels.includes(c.id)}
                        onChange={(on) =>
                          change((d) => {
                            const at = d.rules[rule].levels[i]!
                            at.channels = withChannel(at.channels, c.id, on)
                          })
                        }
                      />
                    </li>
                  ))}
                </ul>
              )}
            </td>
          </tr>
        ))}
      </DataTable>
    </ScrollArea>
  )
}
