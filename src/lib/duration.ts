/** "42 s", "12 min", "3 h 5 min", "2 d 4 h" */
export function durationInWords(totalSeconds: number): string {
  if (totalSeconds < 60) return `${Math.floor(totalSeconds)} s`
  const minutes = Math.floor(totalSeconds / 60)
  if (minutes < 60) return `${minutes} min`
  const hours = Math.floor(minutes / 60)
  if (hours < 48) return `${hours} h ${minutes % 60} min`
  return `${Math.floor(hours / 24)} d ${hours % 24} h`
}
