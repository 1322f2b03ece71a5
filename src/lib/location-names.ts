/** LOCATIONS (issue 17): comma-separated `id=name`, e.g. `1=Hall North,2=Hall South`. The vendor's
 * machine records carry only a location ID. Returns the names, or the first problem naming the entry. */
export function parseLocations(text: string): Array<{ id: number; name: string }> | string {
  const items = text.split(',').map((item) => item.trim())
  if (items.every((item) => item === '')) return 'is empty: give entries such as 1=Hall North,2=Hall South'
  const locations: Array<{ id: number; name: string }> = []
  for (const item of items) {
    if (item === '') return 'has an empty entry (two commas in a row, or one at the end)'
    const shown = JSON.stringify(item.slice(0, 80))
    const match = item.match(/^(\d{1,9})\s*=\s*(.*)$/)
    if (!match) return `entry ${shown} is not id=name (such as 1=Hall North)`
    const id = Number(match[1])
    const name = (match[2] ?? '').trim()
    if (!name) return `entry ${shown} has no name`
    if (name.length > 60) return `entry ${shown} has a name longer than 60 characters`
    if (locations.some((l) => l.id === id)) return `entry ${shown} names location ${id} a second time`
    locations.push({ id, name })
  }
  return locations
}
