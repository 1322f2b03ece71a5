// Work in progress of issue 38 (branch only): parts of the catalogues written side by side
// (i18n-wip/<part>.<language>.json) merged into src/lib/i18n/locales/<language>.json, keys sorted.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
const dir = 'src/lib/i18n/locales'
for (const file of readdirSync(dir)) {
  const language = file.replace(/\.json$/, '')
  const merged = JSON.parse(readFileSync(`${dir}/${file}`, 'utf8'))
  for (const part of readdirSync('i18n-wip').filter((f) => f.endsWith(`.${language}.json`)))
    Object.assign(merged, JSON.parse(readFileSync(`i18n-wip/${part}`, 'utf8')))
  const sorted = Object.fromEntries(Object.entries(merged).sort(([a], [b]) => (a < b ? -1 : 1)))
  writeFileSync(`${dir}/${file}`, `${JSON.stringify(sorted, null, 2)}\n`)
}
