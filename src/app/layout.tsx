import { useQuery } from '@tanstack/react-query'
import { NavLink, Outlet } from 'react-router'
import { appConfigQueryOptions } from '../api/app-config'
import { FactoryClock } from '../components/factory-clock'

export function Layout() {
  const config = useQuery(appConfigQueryOptions())
  return (
    <div className="min-h-screen">
      <header className="flex flex-wrap items-center gap-4 border-b border-gray-300 px-4 py-2 dark:border-gray-800">
        <p className="text-lg font-bold tracking-tight">stitchboard</p>
        {config.data?.demo && (
          <span
            className="rounded bg-amber-300 px-2 py-0.5 text-sm font-semibold text-gray-950"
            title="No API_BASE_URL is set: this is the generated demo factory"
          >
            Demo data
          </span>
        )}
        <nav aria-label="Main">
          <ul className="flex gap-3">
            <li>
              <NavLink
                to="/"
                className={({ isActive }) =>
                  isActive ? 'font-semibold underline' : 'underline-offset-4 hover:underline'
                }
              >
                Machine status
              </NavLink>
            </li>
          </ul>
        </nav>
        <div className="ml-auto">{config.data && <FactoryClock timeZone={config.data.timeZone} />}</div>
      </header>
      <main>
        <Outlet />
      </main>
    </div>
  )
}
