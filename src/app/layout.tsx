import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useState } from 'react'
import { NavLink, Outlet, useLocation } from 'react-router'
import { useAppConfig, useCurrentShift } from '../api/core/app-config'
import { appUrl } from '../api/core/base-path'
import { meQueryOptions, useSeesBoard } from '../api/people/me'
import { AppConfigProblem } from '../components/app-config-problem'
import { FactoryClock } from '../components/factory-clock'
import { LanguagePicker, useT } from '../components/i18n'
import { useNow } from '../components/now'
import { withMessages } from '../components/with-messages'
import { filterSearch } from '../lib/filters'
import { PAGES, pageAddress } from './pages'
import { rememberTheme, type Theme } from './theme'

/** The alerts' bar (issue 19): not needed for the first paint; it takes room at the end of the page. */
const AlertBar = lazy(
  withMessages('src/features/alerts/alert-bar.tsx', () => import('../features/alerts/alert-bar')),
)

/** The signed-in person (to their account page), or "Sign in" once stitchboard has accounts; nothing
 * before (an installation without people looks as it did). */
function Account({ className }: { className: string }) {
  const { t } = useT()
  // the query itself, not components/signed-in: the shell carries no more of the people than this
  const me = useQuery(meQueryOptions()).data
  if (me?.person)
    return (
      <NavLink to="/sign-in" className={className} aria-label={t('app.signedInAs', { name: me.person.name })}>
        {me.person.name}
      </NavLink>
    )
  if (me?.accounts)
    return (
      <NavLink to="/sign-in" className={className}>
        {t('app.signIn')}
      </NavLink>
    )
  return null
}

export function Layout() {
  const { t } = useT()
  const config = useAppConfig()
  const location = useLocation()
  const now = useNow()
  // the alerts are the board's: not before the server has said this browser may see it
  const sees = useSeesBoard()
  const [theme, setTheme] = useState<Theme>(() =>
    document.documentElement.classList.contains('dark') ? 'dark' : 'light',
  )
  const keep = filterSearch(new URLSearchParams(location.search))
  // on a phone the navigation folds behind "Menu", closed again by going to a page
  const [menu, setMenu] = useState(false)
  const [menuAt, setMenuAt] = useState(location.pathname)
  if (menuAt !== location.pathname) {
    setMenuAt(location.pathname)
    setMenu(false)
  }
  const shift = useCurrentShift(now)
  const toggleTheme = () => {
    const next = theme === 'dark' ? 'light' : 'dark'
    setTheme(next)
    rememberTheme(next)
  }
  return (
    <div className="min-h-screen">
      {/* printed pages (a shift report on A4) are the page alone: no navigation (nor the alerts' bar) */}
      <header className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-gray-300 px-4 py-2 dark:border-gray-800 print:hidden">
        <p className="text-lg font-bold tracking-tight">stitchboard</p>
        {/* until the configuration says whether this is the demo, its badge's room is kept, so the
            navigation beside it does not move (layout shift) */}
        {!config.data && (
          <span aria-hidden="true" className="invisible px-2 py-0.5 text-sm font-semibold">
            {t('app.demo')}
          </span>
        )}
        {config.data?.demo && (
          <span
            className="rounded bg-amber-300 px-2 py-0.5 text-sm font-semibold text-gray-950"
            title={t('app.demoExplained')}
          >
            {t('app.demo')}
          </span>
        )}
        {/* one clock: beside "Menu" on a phone, between the shift and the theme at a desk (order) */}
        {config.data ? (
          <FactoryClock timeZone={config.data.timeZone} className="ml-auto sm:order-2 sm:ml-0" />
        ) : (
          <span className="invisible ml-auto tabular-nums sm:order-2 sm:ml-0">00:00:00 Europe/Berlin</span>
        )}
        <button
          type="button"
          className="min-h-11 rounded border border-gray-400 px-3 sm:hidden dark:border-gray-600"
          aria-expanded={menu}
          aria-controls="main-menu"
          onClick={() => setMenu((open) => !open)}
        >
          {t('app.menu')} <span aria-hidden="true">{menu ? '▴' : '▾'}</span>
        </button>
        {/* a row of its own at a desk (beside the clock and theme it wrapped the theme button alone onto a
            second line at 1440 px), inline from 1536 px */}
        <nav
          aria-label={t('app.nav.label')}
          id="main-menu"
          className={`sm:order-4 sm:basis-full 2xl:order-none 2xl:basis-auto ${menu ? 'max-sm:w-full' : 'max-sm:hidden'}`}
        >
          <ul className="flex flex-wrap gap-x-4 gap-y-1 max-sm:flex-col max-sm:gap-0">
            {PAGES.map(
              (page) =>
                page.nav && (
                  <li key={page.module}>
                    <NavLink
                      to={{ pathname: pageAddress(page), search: keep }}
                      className={({ isActive }) =>
                        `max-sm:flex max-sm:min-h-11 max-sm:items-center ${isActive ? 'font-semibold underline' : 'underline-offset-4 hover:underline'}`
                      }
                    >
                      {t(page.nav)}
                    </NavLink>
                  </li>
                ),
            )}
            <li>
              {/* the wall display is its own app: a whole page load, not a route */}
              <a
                href={appUrl('/kiosk')}
                className="underline-offset-4 hover:underline max-sm:flex max-sm:min-h-11 max-sm:items-center"
              >
                {t('app.nav.kiosk')}
              </a>
            </li>
          </ul>
        </nav>
        <div
          className={`flex items-center gap-4 sm:order-1 sm:ml-auto ${menu ? 'max-sm:w-full' : 'max-sm:hidden'}`}
        >
          {/* the same shape before the configuration arrives, so the header does not move */}
          <p className={`text-sm ${shift === undefined ? 'invisible' : ''}`}>
            {shift ? (
              <>
                {t('app.shift.named', { name: shift.shift.name })}{' '}
                <span className="text-gray-600 dark:text-gray-400">
                  {t('app.shift.until', { time: shift.shift.to })}
                </span>
              </>
            ) : shift === null ? (
              t('app.shift.between')
            ) : (
              `${t('app.shift.named', { name: 'Early' })} ${t('app.shift.until', { time: '14:00' })}`
            )}
          </p>
        </div>
        <button
          type="button"
          className={`rounded border border-gray-400 px-2 py-0.5 text-sm max-sm:min-h-11 sm:order-3 dark:border-gray-600 ${menu ? '' : 'max-sm:hidden'}`}
          onClick={toggleTheme}
        >
          {theme === 'dark' ? t('app.theme.light') : t('app.theme.dark')}
        </button>
        <LanguagePicker className={`sm:order-3 ${menu ? '' : 'max-sm:hidden'}`} />
        <Account
          className={`text-sm underline-offset-4 hover:underline max-sm:min-h-11 sm:order-3 ${menu ? '' : 'max-sm:hidden'}`}
        />
      </header>
      <AppConfigProblem className="print:hidden" />
      <main>
        <Outlet />
      </main>
      {sees && (
        <Suspense fallback={null}>
          <AlertBar />
        </Suspense>
      )}
    </div>
  )
}
