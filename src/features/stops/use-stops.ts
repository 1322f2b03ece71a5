import { useQuery } from '@tanstack/react-query'
import { currentStopsQueryOptions, stopSettingsQueryOptions } from '../../api/stops/stops'
import type { Translator } from '../../lib/i18n/translator'
import { reasonById, type StopPart } from '../../lib/stop-parts'
import { reasonName, type StopReason, type StopSettings } from '../../lib/stop-reasons'

/** The reasons' settings (the list, the threshold); undefined until read. */
export function useStopSettings(): StopSettings | undefined {
  return useQuery(stopSettingsQueryOptions()).data?.settings
}

/** What each standing machine stands for now, by machine; empty until read (or without a history). */
export function useCurrentStops(): ReadonlyMap<string, StopPart> {
  return useQuery(currentStopsQueryOptions()).data ?? EMPTY
}
const EMPTY: ReadonlyMap<string, StopPart> = new Map()

/** Whether the reasons and the current stops have been read (or failed to be): until then a screen that
 * lays itself out by their lines (the wall's cards) is still busy. */
export function useStopsRead(): boolean {
  const current = useQuery(currentStopsQueryOptions())
  const settings = useQuery(stopSettingsQueryOptions())
  return (current.isFetched || current.isError) && (settings.isFetched || settings.isError)
}

/** A part's reason and the words for it ("Waiting for garments · Ana"; a rule's and a planned stop's say
 * so), or null when it has none. */
export function reasonWords(
  part: StopPart,
  settings: StopSettings | undefined,
  t: Translator['t'],
): { reason: StopReason | undefined; name: string; line: string } | null {
  if (part.reason === null) return null
  const reason = reasonById(settings?.reasons ?? [], part.reason)
  const name = reason ? reasonName(reason, t) : part.reason
  const line =
    part.source === 'rule'
      ? t('stops.words.byRule', { reason: name })
      : part.by
        ? t('stops.words.byPerson', { reason: name, name: part.by })
        : name
  return { reason, name, line }
}

/** The explained share as a percentage in words' numbers: whole percent, with one decimal below 10 % (a
 * first reason in a long shift moves it from 0 to 0.3, not from 0 to 0). */
export const sharePercent = (share: number, number: Translator['number']) =>
  number(share * 100, { maximumFractionDigits: share < 0.1 ? 1 : 0 })
