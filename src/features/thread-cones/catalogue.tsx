import { useThreadConeList } from '../../api/thread-cones'
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
  const list = useThreadConeList(series)
  return (
    <section aria-labelledby="catalogue-heading" className="space-y-2">
      <h2 id="catalogue-heading" className="text-xl font-semibold">
        Series {series}
        {list.data && <span className="text-base font-normal"> · weight {String(list.data.weight)}</span>}
      </h2>
      {list.isPending ? (
        <Skeleton />
      ) : list.isError ? (
        <p role="alert" className="rounded border border-red-600 p-3">
          The colours of this series could not be listed: {failureWords(list.error)}
        </p>
      ) : (
        <CatalogueGrid colors={list.data.colors} selected={selected} onChoose={choose} />
      )}
    </section>
  )
}
