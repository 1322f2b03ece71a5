import { useState } from 'react'
import { Link } from 'react-router'
import { useT } from '../../components/i18n'
import { lookupSearch, recentLookups } from './recent-lookups'

/** The look-ups this browser has done, each a link that reopens it. */
export function RecentLookups() {
  const { t } = useT()
  const [recent] = useState(recentLookups)
  if (recent.length === 0) return null
  return (
    <section aria-labelledby="recent-heading">
      <h2 id="recent-heading" className="text-lg font-semibold">
        {t('threadCones.recent.title')}
      </h2>
      <ul className="flex flex-wrap gap-x-4">
        {recent.map((r) => (
          <li key={lookupSearch(r)}>
            <Link className="underline" to={{ search: `?${lookupSearch(r)}` }}>
              {r.series} · {r.number}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
