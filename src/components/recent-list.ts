/** A short most-recent-first list of strings kept in localStorage: a convenience, so storage that is
 * full, disabled or holds garbage never breaks a page. */
export function recentList(key: string, max: number) {
  const read = (storage: Pick<Storage, 'getItem'> = localStorage): string[] => {
    try {
      const value: unknown = JSON.parse(storage.getItem(key) ?? '[]')
      return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string').slice(0, max) : []
    } catch {
      return []
    }
  }
  const remember = (entry: string, storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage): void => {
    try {
      storage.setItem(key, JSON.stringify([entry, ...read(storage).filter((x) => x !== entry)].slice(0, max)))
    } catch {
      // storage full or disabled: the list is a convenience
    }
  }
  return { read, remember }
}
