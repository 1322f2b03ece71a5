export type Theme = 'light' | 'dark'

const STORAGE_KEY = 'stitchboard-theme'

/** The theme to start with: `?theme=` first, then the user's choice, then dark on a wall monitor
 * (kiosk) and the system's preference elsewhere. */
export function initialTheme(
  location: Pick<Location, 'pathname' | 'search'>,
  stored: string | null,
  prefersDark: boolean,
): Theme {
  const asked = new URLSearchParams(location.search).get('theme')
  if (asked === 'light' || asked === 'dark') return asked
  if (stored === 'light' || stored === 'dark') return stored
  if (location.pathname.startsWith('/kiosk')) return 'dark'
  return prefersDark ? 'dark' : 'light'
}

export function applyTheme(theme: Theme) {
  document.documentElement.classList.toggle('dark', theme === 'dark')
  document.documentElement.style.colorScheme = theme
}

export function storedTheme(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY)
  } catch {
    return null
  }
}

export function rememberTheme(theme: Theme) {
  try {
    localStorage.setItem(STORAGE_KEY, theme)
  } catch {
    // private mode: the choice lasts for this page only
  }
  applyTheme(theme)
}
