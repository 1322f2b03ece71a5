import { DataTable } from '../../components/data-table'
import { CONTROL } from '../../components/form-styles'
import { ScrollArea } from '../../components/scroll-area'
import { type Change, type Draft, withChannel } from './settings-draft'
import type { RuleId } from './settings-words'

/** A rule's escalation levels: each one's name, when it starts and the saved channels it tells. */
export function EscalationLevels({ rule, draft, change }: { rule: RuleId; draft: Draft; change: Change }) {
  const levels = draft.rules[rule].levels
  const saved = draft.channels.filter((c) => c.id)
  return (
    <ScrollArea label="The table">
      <DataTable
        className="w-full text-left text-sm"
        captionClassName="text-left font-medium"
        caption="Escalation, until someone is on it"
        columns={[
          { key: 'Level', className: 'py-1 pr-3' },
          { key: 'After (minutes)', className: 'py-1 pr-3' },
          { key: 'Tell', className: 'py-1 pr-3' },
        ]}
      >
        {levels.map((level, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: levels are edited in place, by position
          <tr key={i} className="border-t border-gray-200 align-top dark:border-gray-800">
            <td className="py-1 pr-3">
              <input
                aria-label={`Level ${i + 1} name`}
                className={`${CONTROL} min-h-11`}
                value={level.name}
                onChange={(event) =>
                  change((d) => {
                    d.rules[rule].levels[i]!.name = event.target.value
                  })
                }
              />
            </td>
            <td className="py-1 pr-3">
              <input
                aria-label={`Level ${i + 1} after minutes`}
                type="number"
                min={0}
                // the server keeps fractions (0.2 min = 12 s); a whole-number step made the browser refuse
                // to send the form at all once one was stored
                step="any"
                className={`${CONTROL} min-h-11 w-24`}
                value={level.afterMinutes}
                onChange={(event) =>
                  change((d) => {
                    d.rules[rule].levels[i]!.afterMinutes = Number(event.target.value)
                  })
                }
              />
            </td>
            <td className="py-1 pr-3">
              {i === 0 && <p>Every dashboard and the wall, always.</p>}
              {saved.length === 0 ? (
                i > 0 && <p>No channel saved yet.</p>
              ) : (
                <ul className="flex flex-wrap gap-x-4">
                  {saved.map((c) => (
                    <li key={c.id}>
                      <label className="flex min-h-11 items-center gap-1">
                        <input
                          type="checkbox"
                          checked={level.channels.includes(c.id)}
                          onChange={(event) =>
                            change((d) => {
                              const at = d.rules[rule].levels[i]!
                              at.channels = withChannel(at.channels, c.id, event.target.checked)
                            })
                          }
                        />
                        {c.name}
                      </label>
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
