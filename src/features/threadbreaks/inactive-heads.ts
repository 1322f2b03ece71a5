/** Heads switched off now, in words: the portal reports how many heads are active, not which. */
export function inactiveHeadsNote(heads: number, activeHeads: number | null): string | null {
  if (activeHeads === null || activeHeads >= heads) return null
  return `${activeHeads} of ${heads} heads active now (the portal does not say which are off)`
}
