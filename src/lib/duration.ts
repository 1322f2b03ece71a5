/** A non-breaking space: a number and its unit never part at the end of a line ("2 h" on a wall). */
export const NBSP = '\u00a0'

/** "42 s", "12 min", "3 h 5 min", "2 d 4 h", each number bound to its unit by a non-breaking space */
export function durationInWords(totalSeconds: number): string {
  if (totalSeconds < 60) return `${Math.floor(totalSeconds)}${NBSP}s`
  const minutes = Math.floor(totalSeconds / 60)
  if (minutes < 60) return `${minutes}${NBSP}min`
  const hours = Math.floor(minutes / 60)
  if (hours < 48) return `${hours}${NBSP}h ${minutes % 60}${NBSP}min`
  return `${Math.floor(hours / 24)}${NBSP}d ${hours % 24}${NBSP}h`
}

/** A duration as said when it is a forecast: "40 min" (to ten minutes), "5 h", "3 d" (never below 10 min). */
export function roughDurationInWords(totalSeconds: number): string {
  const minutes = Math.max(10, Math.round(totalSeconds / 600) * 10)
  if (minutes < 60) return `${minutes}${NBSP}min`
  const hours = Math.round(totalSeconds / 3600)
  if (hours < 48) return `${Math.max(1, hours)}${NBSP}h`
  return `${Math.round(hours / 24)}${NBSP}d`
}
