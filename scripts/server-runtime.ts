import { existsSync } from 'node:fs'

// How the built server's Node process is started, in one place: `npm start` (package.json), the systemd
// unit (deploy/stitchboard.service), the tests' and benches' servers (test/e2e/harness.ts); a contract
// test holds the first two to these values. Measured by bench:footprint (BENCHMARKS.md):
// - a young generation of 2 × 2 MB (V8's default grows to 2 × 16 MB under load and keeps it for a minute);
// - glibc's malloc with a fixed mmap threshold and few arenas: large buffers (a 28 MB report) are given
//   back to the system when freed instead of staying in malloc's free lists (a server quiet again after
//   a burst of reports kept ~120 MB more than idle without them, ~15 MB with them). The threshold is 64 KiB,
//   not glibc's 128 KiB: a socket read's buffer and zlib's windows are 64 KiB, and from the heap they left
//   it fragmented (a server that had served 200 live streams and 8 report workers kept 46 MB of heap,
//   20 MB with the lower threshold);
// - jemalloc instead of glibc's malloc where the system has it (Debian and Ubuntu: `apt-get install
//   libjemalloc2`), preloaded: glibc gives memory back only from the top of its heap, so the small buffers
//   of 200 live streams and 8 report workers, freed between ones still in use, stayed with the process
//   (64 MB two minutes after the load, 50 idle); jemalloc's background thread returns freed pages after
//   10 s (53 MB after, 51 idle). Without it the glibc settings above hold.

/** Node's own flags, before the entry. */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=2']

/** The C library's settings, as environment (read when the process starts). */
export const SERVER_ENV: Record<string, string> = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '65536',
  MALLOC_TRIM_THRESHOLD_: '131072',
}

/** Where Linux distributions put jemalloc 5 (Debian and Ubuntu on x86-64 and ARM, Fedora and RHEL). */
export const JEMALLOC_PATHS = [
  '/usr/lib/x86_64-linux-gnu/libjemalloc.so.2',
  '/usr/lib/aarch64-linux-gnu/libjemalloc.so.2',
  '/usr/lib64/libjemalloc.so.2',
] as const

/** jemalloc's settings: a thread that gives freed pages back after 10 s, even with no allocation to
 * trigger it, and two arenas (not four per core). */
export const JEMALLOC_CONF = 'background_thread:true,narenas:2,dirty_decay_ms:10000,muzzy_decay_ms:10000'

/** The environment a server starts with: the glibc settings, and jemalloc preloaded where there is one. */
export function serverEnv(exists: (path: string) => boolean = existsSync): Record<string, string> {
  const jemalloc = JEMALLOC_PATHS.find((path) => exists(path))
  return { ...SERVER_ENV, ...(jemalloc ? { LD_PRELOAD: jemalloc, MALLOC_CONF: JEMALLOC_CONF } : {}) }
}
