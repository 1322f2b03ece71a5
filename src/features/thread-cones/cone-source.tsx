/** Where the colours come from, when they are not the factory's own: no look-up configured, or the
 * demo's catalogue. */

/** The server reads the vendor's production API but has no job interface (no JOB_API_URL): what to set,
 * for whoever runs the server. Not an error of the page, so no alert. */
export function LookupNotConfigured() {
  return (
    <section aria-labelledby="cones-setup-heading" className="max-w-prose space-y-3">
      <h2 id="cones-setup-heading" className="text-xl font-semibold">
        The thread-cone look-up is not configured
      </h2>
      <p>
        This stitchboard server reads your machines from the vendor’s production API, but it has no address
        for the vendor’s thread-cone service (the web API’s <code>StitchJob</code> interface), so thread
        colours cannot be looked up here.
      </p>
      <p>
        To turn the look-up on, whoever runs the stitchboard server sets these two environment variables and
        restarts it:
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
        <dt>
          <code>JOB_API_URL</code>
        </dt>
        <dd className="min-w-0">
          the vendor’s web API address, such as <code className="break-all">https://jobs.example.com</code>{' '}
          (stitchboard adds <code>/StitchJob</code>)
        </dd>
        <dt>
          <code>WEB_API_LICENSE</code>
        </dt>
        <dd>the web API licence the vendor issued for your factory</dd>
      </dl>
      <p>The section “Configuration” of stitchboard’s README describes every setting.</p>
    </section>
  )
}

/** The demo's catalogue answers (demo mode): said above the look-up, so its colours never pass for the
 * factory's. */
export function DemoCatalogueNote() {
  return (
    <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
      <strong className="rounded bg-amber-300 px-2 py-0.5 text-sm font-semibold text-gray-950">
        Demo catalogue
      </strong>
      <span>
        These manufacturers, series and colours are the demo’s, not your factory’s: this server runs on demo
        data, without the vendor’s thread-cone service.
      </span>
    </p>
  )
}
