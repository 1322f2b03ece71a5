/** Collector ids opened before, newest first: the reference has no endpoint that lists collectors. */
const KEY = 'stitchboard-collectors'
const MAX = 20

export function recentCollectors(storage: Pick<Storage, 'getItem'> = localStorage): string[] {
  try {
    const value: unknown = JSON.parse(storage.getItem(KEY) ?? '[]')
    return Array.isArray(value)
      ? value.filter((id): id is string => typeof id === 'string').slice(0, MAX)
      : []
  } catch {
    return []
  }
}

export function rememberCollector(
  id: string,
  storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage,
): void {
  try {
    storage.setItem(
      KEY,
      JSON.stringify([id, ...recentCollectors(storage).filter((x) => x !== id)].slice(0, MAX)),
    )
  } catch {
    // storage full or disabled: the list is a convenience
  }
}
