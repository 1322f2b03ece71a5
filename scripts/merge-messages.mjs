// Work in progress of issue 38 (branch only): the catalogues' parts are written side by side
// (i18n-wip/<part>.<language>.json) and merged here into src/lib/i18n/locales/<language>.json, keys sorted.
// The locales are rebuilt from the parts alone: a message renamed in a part is gone from the catalogue.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'

const dir = 'src/lib/i18n/locales'
const parts = readdirSync('i18n-wip').filter((f) => f.endsWith('.json'))
for (const language of ['en', 'de', 'es']) {
  const merged = {}
  for (const part of parts.filter((f) => f.endsWith(`.${language}.json`))) {
    try {
      Object.assign(merged, JSON.parse(readFileSync(`i18n-wip/${part}`, 'utf8')))
    } catch (error) {
      console.error(`i18n-wip/${part}: ${error.message}`)
      process.exitCode = 1
    }
  }
  const sorted = Object.fromEntries(Object.entries(merged).sort(([a], [b]) => (a < b ? -1 : 1)))
  const text = `${JSON.stringify(sorted, null, 2)}\n`
  const path = `${dir}/${language}.json`
  if (readFileSync(path, 'utf8') !== text) writeFileSync(path, text)
}
