import { useId, useMemo } from 'react'
import { useT } from '../../components/i18n'
import { type Suggestion, suggestionsOf } from '../../lib/break-assistant'
import type { ThreadbreakCount } from '../../lib/domain'
import { CheckScore, CheckVerdictButtons } from './check-verdict'

/** The thread-break assistant on a machine's page: from the pattern of its breaks by head and needle, what
 * to check first, each with its evidence (src/lib/break-assistant.ts). */
export function BreakChecks({
  machineId,
  rows,
  heads,
  needles,
}: {
  machineId: string
  rows: readonly ThreadbreakCount[]
  heads: number
  needles: number
}) {
  const { t, number } = useT()
  const id = useId()
  const found = useMemo(
    () =>
      suggestionsOf(
        rows.flatMap((r) =>
          r.head !== null && r.needle !== null ? [{ head: r.head, needle: r.needle, count: r.count }] : [],
        ),
        heads,
        needles,
      ),
    [rows, heads, needles],
  )
  const check = (s: Suggestion) =>
    s.kind === 'needle'
      ? t('machines.assist.needle', { needle: s.needle!, on: s.spread!.on, of: s.spread!.of })
      : s.kind === 'head'
        ? t('machines.assist.head', { head: s.head!, on: s.spread!.on, of: s.spread!.of })
        : t('machines.assist.cell', { head: s.head!, needle: s.needle! })
  return (
    <section aria-labelledby={id} className="space-y-1">
      <h3 id={id} className="text-lg font-semibold">
        {t('machines.assist.title')}
      </h3>
      {found.length === 0 ? (
        <p>{t('machines.assist.none')}</p>
      ) : (
        <ol className="list-decimal space-y-1 pl-[2em]">
          {found.map((s) => (
            <li key={`${s.kind}|${s.head}|${s.needle}`}>
              <span className="font-semibold">{check(s)}</span>{' '}
              <span className="text-sm">
                {t('machines.assist.evidence', {
                  count: s.count,
                  ratio: number(s.ratio, { maximumFractionDigits: 1 }),
                  expected: number(s.expected, { maximumFractionDigits: 1 }),
                })}
              </span>{' '}
              <CheckVerdictButtons machineId={machineId} suggestion={s} check={check(s)} />
            </li>
          ))}
        </ol>
      )}
      <CheckScore />
    </section>
  )
}
