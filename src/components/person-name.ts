/** The name a person gave in this browser ("I'm on it", a stop's reason): asked once, then remembered. */
const NAME_KEY = 'stitchboard.on-it-name'

export function rememberedName(): string {
  try {
    return localStorage.getItem(NAME_KEY) ?? ''
  } catch {
    return ''
  }
}

export function rememberName(name: string): void {
  try {
    localStorage.setItem(NAME_KEY, name)
  } catch {
    // private mode: asked again next time
  }
}
