import type { Translator } from './i18n/translator'

/** A head or needle of a machine: a place breaks gather on (lib/hot-spots), an alert's (lib/alert-words).
 * A module of its own: the alert bar on every page names places without the hot-spot rule's statistics. */
export interface PlaceOnMachine {
  head: number | null
  needle: number | null
}

/** "head 3, needle 7", "head 3", "needle 11", "bobbin of head 2", "the bobbins". */
export function placeName(place: PlaceOnMachine, t: Translator['t']): string {
  const { head, needle } = place
  if (head === null) {
    if (needle === 0) return t('app.place.bobbins')
    return needle === null ? t('app.place.machine') : t('app.place.needle', { needle })
  }
  if (needle === null) return t('app.place.head', { head })
  return needle === 0 ? t('app.place.headBobbin', { head }) : t('app.place.headNeedle', { head, needle })
}
