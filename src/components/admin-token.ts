/** The admin token, kept for this tab only and only once a change with it succeeded; one key for every
 * settings page (the alerts', the stop reasons'), so it is typed once a tab. */
const TOKEN_KEY = 'stitchboard.admin-token'

export function storedAdminToken(): string {
  try {
    return sessionStorage.getItem(TOKEN_KEY) ?? ''
  } catch {
    return ''
  }
}

export function keepAdminToken(token: string): void {
  try {
    sessionStorage.setItem(TOKEN_KEY, token)
  } catch {
    // asked again next time
  }
}
