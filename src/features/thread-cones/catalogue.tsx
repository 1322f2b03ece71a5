import { useThreadConeList } from '../../api/thread-cones/thread-cones'
import { useT } from '../../components/i18n'
import { Skeleton } from '../../components/skeleton'
import { CatalogueGrid } from './catalogue-grid'
import { failureWords } from './failure-words'

/** The whole series chosen, as searchable swatches; choosing one looks it up. */
export function Catalogue({
  series,
  selected,
  choose,
}: {
  series: string
  selected: string | null
  choose: (number: string) => void
}) {
  const { t } = useT()
  const list = useThreadConeList(series)
  return (
    <section aria-labelledby="catalogue-heading" className="space-y-2">
      <h2 id="catalogue-heading" className="text-xl font-semibold">
        {t('threadCones.catalogue.title', { series })}
        {list.data && (
          <span className="text-base font-normal">
            {' · '}
            {t('threadCones.catalogue.weight', { weight: String(list.data.weight) })}
          </span>
        )}
      </h2>
      {list.isPending ? (
        <Skeleton />
      ) : list.isError ? (
        <p role="alert" className="rounded border border-red-600 p-3">
          {t('threadCones.catalogue.failed', { reason: failureWords(list.error, t) })}
        </p>
      ) : (
        <CatalogueGrid colors={list.data.colors} selected={selected} onChoose={choose} />
      )}
    </section>
  )
}
