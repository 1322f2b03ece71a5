import type { ReactNode } from 'react'
import { useT } from './i18n'
import { useKiosk } from './kiosk/kiosk-context'

/**
 * How a page's figures are computed, folded under them: a desk page's first screen says the figures and
 * shows a chart; the definitions, sources and notes behind them are a click away (issue "at a glance").
 * Closed by default, opened with the keyboard as any disclosure; never on the wall, which has no one to
 * open it.
 */
export function HowComputed({ summary, children }: { summary?: string; children: ReactNode }) {
  const { t } = useT()
  const kiosk = useKiosk()
  if (kiosk.on) return null
  return (
    <details className="text-sm text-gray-700 dark:text-gray-300" data-how-computed="">
      <summary className="cursor-pointer py-3 font-medium">{summary ?? t('app.howComputed')}</summary>
      <div className="space-y-1 pb-2">{children}</div>
    </details>
  )
}
