import { Link } from 'react-router'
import { useT } from '../components/i18n'

export function NotFoundPage() {
  const { t } = useT()
  return (
    <section className="p-6">
      <h1 className="text-2xl font-semibold">{t('app.notFound.title')}</h1>
      <p className="mt-2">
        {t('app.notFound.text')}{' '}
        <Link className="underline" to="/machines">
          {t('app.notFound.link')}
        </Link>
      </p>
    </section>
  )
}
