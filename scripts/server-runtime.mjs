import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { pathToFileURL } from 'node:url'

// How the built server's Node process is started, in one place: `npm start` and the systemd unit (both
// through scripts/start.mjs), bench:reports (this file run as a command) and the tests' and benches'
// servers (test/e2e/harness.ts). Plain JavaScript, so that starting needs no TypeScript; its types are in
// server-runtime.d.mts. Measured by bench:footprint (BENCHMARKS.md):
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
export const SERVER_ENV = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '65536',
  MALLOC_TRIM_THRESHOLD_: '131072',
}

/** Where Linux distributions put jemalloc 5 (Debian and Ubuntu on x86-64 and ARM, Fedora and RHEL). */
export const JEMALLOC_PATHS = [
  '/usr/lib/x86_64-linux-gnu/libjemalloc.so.2',
  '/usr/lib/aarch64-linux-gnu/libjemalloc.so.2',
  '/usr/lib64/libjemalloc.so.2',
]

/** jemalloc's settings: a thread that gives freed pages back after 10 s, even with no allocation to
 * trigger it, and two arenas (not four per core). */
export const JEMALLOC_CONF = 'background_thread:true,narenas:2,dirty_decay_ms:10000,muzzy_decay_ms:10000'

/** The environment a server starts with: the glibc settings, and jemalloc preloaded where there is one. */
export function serverEnv(exists = existsSync) {
  const jemalloc = JEMALLOC_PATHS.find((path) => exists(path))
  return { ...SERVER_ENV, ...(jemalloc ? { LD_PRELOAD: jemalloc, MALLOC_CONF: JEMALLOC_CONF } : {}) }
}

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP']

/** Runs Node on `args` with the server's settings as this process's child (Node cannot replace a process):
 * the signals this process gets are passed on, and the child's end is this process's end. */
export function runWithServerRuntime(args) {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...args], {
    env: { ...process.env, ...serverEnv() },
    stdio: 'inherit',
  })
  // the server stops once however often it is asked (a terminal's Ctrl-C reaches both processes)
  for (const signal of SIGNALS) process.on(signal, () => child.kill(signal))
  child.on('exit', (code, signal) => {
    if (code !== null) process.exit(code)
    process.removeAllListeners(signal)
    process.kill(process.pid, signal)
  })
}

/** The same as one shell command line (`env NAME=value … node flags args`) for a service manager to exec,
 * so that the server is the service's own process and no Node parent waits beside it. */
export function serverCommandLine(args, exists = existsSync) {
  const settings = Object.entries(serverEnv(exists)).map(([name, value]) => `${name}=${value}`)
  const words = ['env', ...settings, process.execPath, ...SERVER_NODE_FLAGS, ...args]
  // the line is split at spaces and not quoted: each word must stay one word and mean itself
  const unsafe = words.find((word) => !/^[\w@%+=:,./-]+$/.test(word))
  if (unsafe) throw new Error(`server-runtime: "${unsafe}" cannot be passed as a plain shell word`)
  return words.join(' ')
}

// `node scripts/server-runtime.mjs <node arguments>`: runs them with the server's settings (bench:reports)
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  runWithServerRuntime(process.argv.slice(2))
