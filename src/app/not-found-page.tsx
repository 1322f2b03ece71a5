import { Link } from 'react-router'

export function NotFoundPage() {
  return (
    <section className="p-6">
      <h1 className="text-2xl font-semibold">Page not found</h1>
      <p className="mt-2">
        There is no page at this address.{' '}
        <Link className="underline" to="/machines">
          Go to the machine status
        </Link>
        .
      </p>
    </section>
  )
}
