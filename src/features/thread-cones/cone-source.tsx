import { useT } from '../../components/i18n'
import { withNodes } from '../../components/message-nodes'

/** Where the colours come from, when they are not the factory's own: no look-up configured, or the
 * demo's catalogue. */

/** The server reads the vendor's production API but has no job interface (no JOB_API_URL): what to set,
 * for whoever runs the server. Not an error of the page, so no alert. */
export function LookupNotConfigured() {
  const { t } = useT()
  return (
    <section aria-labelledby="cones-setup-heading" className="max-w-prose space-y-3">
      <h2 id="cones-setup-heading" className="text-xl font-semibold">
        {t('threadCones.setup.title')}
      </h2>
      <p>
        {withNodes((marks) => t('threadCones.setup.why', marks), {
          interface: <code>StitchJob</code>,
        })}
      </p>
      <p>{t('threadCones.setup.how')}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
        <dt>
          <code>JOB_API_URL</code>
        </dt>
        <dd className="min-w-0">
          {withNodes((marks) => t('threadCones.setup.jobApiUrl', marks), {
            example: <code className="break-all">https://jobs.example.com</code>,
            path: <code>/StitchJob</code>,
          })}
        </dd>
        <dt>
          <code>WEB_API_LICENSE</code>
        </dt>
        <dd>{t('threadCones.setup.licence')}</dd>
      </dl>
      <p>{t('threadCones.setup.readme')}</p>
    </section>
  )
}

/** The demo's catalogue answers (demo mode): said above the look-up, so its colours never pass for the
 * factory's. */
export function DemoCatalogueNote() {
  const { t } = useT()
  return (
    <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
      <strong className="rounded bg-amber-300 px-2 py-0.5 text-sm font-semibold text-gray-950">
        {t('threadCones.demo.badge')}
      </strong>
      <span>{t('threadCones.demo.note')}</span>
    </p>
  )
}
