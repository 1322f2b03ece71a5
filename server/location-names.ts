import { averageRpmRecord } from '../src/api/contract/summary-rows'

/** The locations' names a report keeps: LOCATIONS, else those of the average-rpm report of the last day. */
export async function locationNames(
  configured: ReadonlyArray<{ id: number; name: string }>,
  upstreamJson: (path: string) => Promise<unknown>,
  now: () => number,
): Promise<ReadonlyMap<number, string>> {
  const names = new Map<number, string>()
  const till = Math.floor(now() / 3_600_000) * 3600
  try {
    const answer = (await upstreamJson(`/reports/average-rpm?from=${till - 86_400}&till=${till}`)) as {
      data?: unknown
    }
    for (const raw of Array.isArray(answer?.data) ? answer.data : []) {
      const row = averageRpmRecord.safeParse(raw)
      if (row.success && row.data.locationId !== undefined && row.data.locationName)
        names.set(row.data.locationId, row.data.locationName)
    }
  } catch {
    // the configured names, or none: the report says "Location 3"
  }
  for (const { id, name } of configured) names.set(id, name)
  return names
}
