import { useAppConfig, useFactoryZone } from '../api/core/app-config'
import { describeError } from '../api/core/errors'
import { useT } from './i18n'

/** Says, once for the whole screen (the shell's layout, the wall), that /app-config.json could not be
 * read: without it the shifts are unknown and times are shown in the browser's zone (useFactoryZone), and
 * the pages that need it wait. Nothing once it has been read: a later refresh that fails keeps the last
 * one, which is still right. */
export function AppConfigProblem({ className = '' }: { className?: string }) {
  const { t } = useT()
  const config = useAppConfig()
  const zone = useFactoryZone()
  if (!config.isError || config.data !== undefined) return null
  return (
    <p role="alert" className={`border-b border-red-600 px-4 py-2 ${className}`}>
      <span aria-hidden="true">⚠ </span>
      {t('app.config.failed', { error: describeError(config.error, t), zone })}
    </p>
  )
}
