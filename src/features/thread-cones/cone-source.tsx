import { Fragment, type ReactNode } from 'react'
import { useT } from '../../components/i18n'

/** Where the colours come from, when they are not the factory's own: no look-up configured, or the
 * demo's catalogue. */

const MARK = '\u0000'

/** A message with elements (a setting's name as <code>) in the places of some of its arguments, in the
 * order the language puts them: the message is made with a mark for each, and cut at the marks. */
function withNodes(
  text: (marks: Record<string, string>) => string,
  nodes: Readonly<Record<string, ReactNode>>,
): ReactNode {
  const names = Object.keys(nodes)
  const marks = Object.fromEntries(names.map((name, i) => [name, `${MARK}${i}${MARK}`]))
  return text(marks)
    .split(MARK)
    .map((part, i) => {
      if (i % 2 === 0) return part
      const name = names[Number(part)]!
      return <Fragment key={name}>{nodes[name]}</Fragment>
    })
}

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
