import type { Translator } from '../../lib/i18n/translator'

/** A cell in words, for its tooltip, its accessible name and the canvas's readout: "Head 2, needle 3: 4
 * breaks", "Head 1, bobbin: no data" (`count` undefined: no data for the cell). */
export function cellInWords(
  t: Translator['t'],
  head: number,
  needle: number,
  count: number | undefined,
): string {
  if (count === undefined)
    return needle === 0
      ? t('heatmap.cellBobbinNoData', { head })
      : t('heatmap.cellNeedleNoData', { head, needle })
  return needle === 0
    ? t('heatmap.cellBobbin', { head, count })
    : t('heatmap.cellNeedle', { head, needle, count })
}
