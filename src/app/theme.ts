import { BASE_PATH } from '../api/core/base-path'

export type Theme = 'light' | 'dark'

const STORAGE_KEY = 'stitchboard-theme'

/** The theme to start with: `?theme=` first, then the user's choice, then dark on a wall monitor
 * (kiosk) and the system's preference elsewhere. `location.pathname` is the app's path (without the
 * base path). */
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
  document.documentElement.classList.toggle('light', theme === 'light')
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
  // the server reads the cookie to send the page in this theme, so the first paint before the app
  // starts is already in it (no inline script: the CSP forbids one); this dashboard's only, under its
  // base path
  // biome-ignore lint/suspicious/noDocumentCookie: a plain first-party cookie, read by the server only
  document.cookie = `${STORAGE_KEY}=${theme}; path=${BASE_PATH || '/'}; max-age=31536000; SameSite=Lax`
  applyTheme(theme)
}
