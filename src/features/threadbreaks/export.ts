import { download, downloadBlob } from '../../components/download'
import { heatmapSheet } from '../../components/heatmap/heatmap-sheet'
import { toCsv } from '../../lib/csv'
import type { Translator } from '../../lib/i18n/translator'
import { placeName } from '../../lib/place-name'
import type { ThreadbreakView } from './threadbreak-view'

/** The rows behind the view, in the reference's order; machines without breaks get one row saying
 * 0, so the file lists every machine the page shows. Flagged rows say why. */
export function threadbreakCsv(view: ThreadbreakView, t: Translator['t']): string {
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
            spot
              ? t('threadbreaks.csv.flaggedWhy', {
                  place: placeName(spot, t),
                  ratio: Math.round(spot.ratio * 10) / 10,
                })
              : '',
          ]
        }),
  )
  return toCsv(
    [
      t('threadbreaks.csv.machineId'),
      t('threadbreaks.csv.machine'),
      t('threadbreaks.csv.head'),
      t('threadbreaks.csv.needle'),
      t('threadbreaks.csv.breaks'),
      t('threadbreaks.csv.flagged'),
    ],
    rows,
  )
}

export function downloadCsv(filename: string, view: ThreadbreakView, t: Translator['t']) {
  download(filename, threadbreakCsv(view, t), 'text/csv;charset=utf-8')
}

export async function downloadPng(
  filename: string,
  view: ThreadbreakView,
  title: string,
  t: Translator['t'],
) {
  const sheet = heatmapSheet(
    view.machines.flatMap((m) => (m.grid ? [{ name: m.machineName, grid: m.grid, spots: m.spots }] : [])),
    view.max,
    t('threadbreaks.png.title', { range: title }),
    t,
  )
  const blob = await new Promise<Blob | null>((resolve) => sheet.toBlob(resolve, 'image/png'))
  if (blob) downloadBlob(filename, blob)
}
