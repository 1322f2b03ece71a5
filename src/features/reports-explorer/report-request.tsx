import type { ReportPath } from '../../api/contract/report-params'
import { useDesigns } from '../../api/machines/designs'
import type { ReportParams } from '../../api/vendor-reports/report-params'
import { useT } from '../../components/i18n'
import { Skeleton } from '../../components/skeleton'
import { ReportResult } from './report-result'

/** The design chosen in the URL, looked up in the catalogue (GET /designs): its ID and stitch count
 * are what the design reports take. */
export function ReportRequest({
  path,
  title,
  design,
  needsDesign,
  params,
}: {
  path: ReportPath
  title: string
  design: string | null
  needsDesign: boolean
  params: ReportParams
}) {
  const { t } = useT()
  const designs = useDesigns()
  const chosen = design ? designs.data?.records.find((d) => d.id === design) : undefined
  if (design && designs.isPending) return <Skeleton />
  if (design && !chosen) return <p role="alert">{t('reports.page.designUnknown', { design })}</p>
  if (needsDesign && !chosen) return <p>{t('reports.page.chooseDesign')}</p>
  const withDesign =
    chosen && chosen.stitches !== null
      ? { ...params, designId: chosen.id, designStitches: chosen.stitches }
      : params
  return <ReportResult path={path} title={title} params={withDesign} />
}
