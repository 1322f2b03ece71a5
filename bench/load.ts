import autocannon from 'autocannon'

/** One load run in its own process (so it does not share a core with the server under test).
 * argv: url, connections, seconds, then paths. Prints JSON: requests per second, p50, p99 in ms. */
const [url, connections, seconds, ...paths] = process.argv.slice(2)
const result = await autocannon({
  url: url!,
  connections: Number(connections),
  duration: Number(seconds),
  requests: paths.map((path) => ({ method: 'GET', path })),
})
console.log(
  JSON.stringify({
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  }),
)
