// A stitchboard stand-in for test/history/embedded-postgres.test.ts: opens the embedded database of the
// DATA_DIR given, says so with its database's process id, and ends with process.exit() (no close) when
// its stdin ends.

import { runningEmbedded } from '../../server/history/embedded-postgres'
import { openEmbedded } from '../../server/history/open'

const dataDir = process.argv[2]!
await openEmbedded(dataDir)
process.stdout.write(`ready ${runningEmbedded(dataDir)?.pid}\n`)
process.stdin.on('end', () => process.exit(0))
process.stdin.resume()
