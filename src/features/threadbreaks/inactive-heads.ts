import type { Translator } from '../../lib/i18n/translator'

/** Heads switched off now, in words: the portal reports how many heads are active, not which. */
export function inactiveHeadsNote(
  heads: number,
  activeHeads: number | null,
  t: Translator['t'],
): string | null {
  if (activeHeads === null || activeHeads >= heads) return null
  return t('threadbreaks.note.inactiveHeads', { active: activeHeads, heads })
}
