const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/

/** Minutes after midnight for `HH:MM`, or null when the text is not a valid time of day. */
export function clockMinutes(text: string): number | null {
  const match = CLOCK.exec(text)
  if (!match) return null
  return Number(match[1]) * 60 + Number(match[2])
}
