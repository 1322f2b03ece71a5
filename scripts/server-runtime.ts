// How the built server's Node process is started, in one place: `npm start` (package.json), the systemd
// unit (deploy/stitchboard.service), the tests' and benches' servers (test/e2e/harness.ts); a contract
// test holds the first two to these values. Measured by bench:footprint (BENCHMARKS.md):
// - a young generation of 2 × 2 MB (V8's default grows to 2 × 16 MB under load and keeps it for a minute);
// - glibc's malloc with a fixed mmap threshold and few arenas: large buffers (a 28 MB report) are given
//   back to the system when freed instead of staying in malloc's free lists (a server quiet again after
//   a burst of reports kept ~120 MB more than idle without them, ~15 MB with them). The threshold is 64 KiB,
//   not glibc's 128 KiB: a socket read's buffer and zlib's windows are 64 KiB, and from the heap they left
//   it fragmented (a server that had served 200 live streams and 8 report workers kept 46 MB of heap,
//   20 MB with the lower threshold).

/** Node's own flags, before the entry. */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=2']

/** The C library's settings, as environment (read when the process starts). */
export const SERVER_ENV: Record<string, string> = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '65536',
  MALLOC_TRIM_THRESHOLD_: '131072',
}
