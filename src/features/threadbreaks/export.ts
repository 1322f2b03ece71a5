import { heatmapSheet } from '../../components/heatmap/heatmap-sheet'
import { toCsv } from '../../lib/csv'
import { download, downloadBlob } from '../../lib/download'
import { placeName } from '../../lib/hot-spots'
import type { ThreadbreakView } from './threadbreak-view'

/** The rows behind the view, in the reference's order; machines without breaks get one row saying
 * 0, so the file lists every machine the page shows. Flagged rows say why. */
export function threadbreakCsv(view: ThreadbreakView): string {
  const flagged = new Map(view.spots.map((s) => [`${s.machineId}|${s.head}|${s.needle}`, s]))
  const rows = view.machines.flatMap((m) =>
    m.rows.length === 0
      ? [[m.machineId, m.machineName, null, null, 0, '']]
      : m.rows.map((r) => {
          const spot = flagged.get(`${m.machineId}|${r.head}|${r.needle}`)
          return [
            r.machineId,
            r.machineName,
            r.head,
            r.needle,
            r.count,
            spot ? `${placeName(spot)}: ${spot.ratio.toFixed(1)}× expected` : '',
          ]
        }),
  )
  return toCsv(['machine id', 'machine', 'head', 'needle', 'thread breaks', 'flagged'], rows)
}

export function downloadCsv(filename: string, view: ThreadbreakView) {
  download(filename, threadbreakCsv(view), 'text/csv;charset=utf-8')
}

export async function downloadPng(filename: string, view: ThreadbreakView, title: string) {
  const sheet = heatmapSheet(
    view.machines.flatMap((m) => (m.grid ? [{ name: m.machineName, grid: m.grid, spots: m.spots }] : [])),
    view.max,
    `Thread breaks by head and needle · ${title}`,
  )
  const blob = await new Promise<Blob | null>((resolve) => sheet.toBlob(resolve, 'image/png'))
  if (blob) downloadBlob(filename, blob)
}
