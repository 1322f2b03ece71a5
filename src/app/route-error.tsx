import { Link } from 'react-router'

/** A page that failed to load or render: says so, keeps the header and navigation. */
export function RouteError({ error }: { error: unknown }) {
  const message = error instanceof Error ? error.message : 'Unknown error'
  return (
    <section role="alert" className="p-6">
      <h1 className="text-2xl font-semibold">This page could not be shown</h1>
      <p className="mt-2">{message}</p>
      <p className="mt-2">
        <Link className="underline" to="/machines">
          Back to the machine status
        </Link>{' '}
        or reload the page.
      </p>
    </section>
  )
}
