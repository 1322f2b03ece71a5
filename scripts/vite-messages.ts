import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Plugin } from 'vite'
import { compileCatalogue } from '../src/lib/i18n/compile.ts'
import { appSources, messagesByPiece } from './message-pieces.ts'

/** A piece's file name among its language's messages: its module's name (`status-board-page`), or `app`. */
export const pieceFile = (piece: string) => piece.replace(/^.*\//, '').replace(/\.tsx?$/, '')

/**
 * The catalogues (src/lib/i18n/locales/<language>.json, ICU MessageFormat) arrive in the browser compiled
 * (src/lib/i18n/compile.ts: plain data, so no message parser reaches it) and in pieces: the shell's messages
 * (`app`) and each lazily loaded piece's (src/components/message-pieces.ts), those its code names
 * (scripts/message-pieces.ts). `virtual:stitchboard-messages` gives the pieces and loads one:
 * - built, each piece of each language is a JSON file, `assets/messages-<hash>/<language>/<piece>.json`
 *   (the hash of all of them: a new build's messages are new files, cached for a year like the code), which
 *   the app fetches: no table of chunk names in the shell's code;
 * - served by Vite (development, the tests), each is a module, `locales/<language>.json?messages&piece=<piece>`.
 */
export function compiledMessages(root: string): Plugin {
  const virtual = 'virtual:stitchboard-messages'
  const locales = join(root, 'src/lib/i18n/locales')
  const languages = () =>
    readdirSync(locales)
      .filter((name) => name.endsWith('.json'))
      .map((name) => name.slice(0, -'.json'.length))
      .sort()
  const catalogue = (language: string) =>
    JSON.parse(readFileSync(join(locales, `${language}.json`), 'utf8')) as Record<string, string>
  let pieces: Map<string, string[]> | null = null
  const piecesNow = () => {
    pieces ??= messagesByPiece(appSources(root), new Set(Object.keys(catalogue('en'))))
    return pieces
  }
  let short: Map<string, string> | null = null
  /** Built, a message's name is short (`§1k`) where only the app's own code writes it: names written in
   * code the server shares (src/lib, src/api/contract, server) may travel between them, and stay whole.
   * Names are in every page's code and every piece's file: 1.0 KiB gzip of a page's first load. */
  const shortNames = () => {
    if (!short) {
      const shared = ['src/lib', 'src/api/contract', 'server']
        .flatMap((dir) =>
          readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
            .filter((file) => /\.tsx?$/.test(file))
            .map((file) => readFileSync(join(root, dir, file), 'utf8')),
        )
        .join('\n')
      short = new Map(
        Object.keys(catalogue('en'))
          .filter((name) => !shared.includes(`'${name}'`))
          .map((name, index) => [name, `§${index.toString(36)}`]),
      )
    }
    return short
  }
  const builtName = (name: string) => (building ? (shortNames().get(name) ?? name) : name)
  /** `language`'s messages of the piece named `file`, compiled */
  const compiled = (language: string, file: string, all = catalogue(language)) => {
    const shown = [...piecesNow()].find(([piece]) => pieceFile(piece) === file)?.[1]
    if (!shown) throw new Error(`no piece of the catalogue is named ${file}`)
    return JSON.stringify(
      compileCatalogue(Object.fromEntries(shown.map((name) => [builtName(name), all[name]!]))),
    )
  }
  let built: { folder: string; files: Map<string, string> } | null = null
  /** every file of the built messages, made once a build (the virtual module names their folder, the
   * bundle writes them) */
  const builtFiles = () => {
    built ??= makeFiles()
    return built
  }
  /** every file of the built messages, by its path under assets/messages-<hash>/ */
  const makeFiles = () => {
    const names = [...piecesNow().keys()].map(pieceFile)
    const twice = names.filter((name, i) => names.indexOf(name) !== i)
    if (twice.length)
      throw new Error(`two pieces of the catalogue are named ${twice.join(', ')}: rename a file`)
    const files = new Map<string, string>()
    for (const language of languages()) {
      const all = catalogue(language)
      for (const piece of piecesNow().keys())
        files.set(`${language}/${pieceFile(piece)}.json`, compiled(language, pieceFile(piece), all))
    }
    const hash = createHash('sha256')
    for (const [path, text] of files) hash.update(`${path}\n${text}\n`)
    return { folder: `messages-${hash.digest('hex').slice(0, 10)}`, files }
  }
  let building = false
  return {
    name: 'stitchboard-messages',
    enforce: 'pre',
    configResolved(config) {
      building = config.command === 'build'
    },
    resolveId: (id) => (id === virtual ? `\0${virtual}` : null),
    // a change to the code may name other messages
    watchChange() {
      pieces = null
      short = null
      built = null
    },
    load(id) {
      if (id !== `\0${virtual}`) return null
      const names = [...piecesNow().keys()]
      const missing = (language: string, piece: string) =>
        `new Error(\`no piece \${${piece}} in the catalogue of \${${language}}\`)`
      if (building) {
        const { folder } = builtFiles()
        return `export const PIECES = ${JSON.stringify(names)}
const LANGUAGES = ${JSON.stringify(languages())}
const FOLDER = new URL(/* @vite-ignore */ ${JSON.stringify(`./${folder}/`)}, import.meta.url)
export async function loadPiece(language, piece) {
  // a piece the build has not is a file it did not write: the fetch's 404 says so (a contract test holds
  // every piece the code loads to the catalogue's)
  if (!LANGUAGES.includes(language)) throw ${missing('language', 'piece')}
  const url = new URL(\`\${language}/\${piece.replace(/^.*\\//, '').replace(/\\.tsx?$/, '')}.json\`, FOLDER)
  const answer = await fetch(url).catch((error) => {
    throw new Error(\`Failed to fetch the messages \${url}: \${error}\`)
  })
  if (!answer.ok) throw new Error(\`Failed to fetch the messages \${url}: \${answer.status}\`)
  return answer.json()
}
`
      }
      const loaders = languages().map(
        (language) =>
          `${JSON.stringify(language)}: {${names
            .map(
              (piece) =>
                `${JSON.stringify(piece)}: () => import(${JSON.stringify(`${join(locales, `${language}.json`)}?messages&piece=${pieceFile(piece)}`)})`,
            )
            .join(', ')}}`,
      )
      return `export const PIECES = ${JSON.stringify(names)}
const LOADERS = {${loaders.join(',\n')}}
export async function loadPiece(language, piece) {
  const load = LOADERS[language]?.[piece]
  if (!load) throw ${missing('language', 'piece')}
  return (await load()).default
}
`
    },
    transform(code, id) {
      // the app's own code names its messages by their short names (shortNames)
      if (
        building &&
        /\/src\/(api|components|features|app)\/.*\.tsx?$/.test(id) &&
        !id.includes('/src/api/contract/')
      ) {
        const names = shortNames()
        return code.replace(/'([a-zA-Z]+\.[\w.]+)'/g, (literal, name: string) => {
          const shortened = names.get(name)
          return shortened ? `'${shortened}'` : literal
        })
      }
      const match = /\/src\/lib\/i18n\/locales\/([\w-]+)\.json\?messages&piece=([\w-]+)$/.exec(id)
      if (!match) return null
      for (const file of readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' }))
        if (/\.tsx?$/.test(file)) this.addWatchFile(join(root, 'src', file))
      const text = compiled(match[1]!, match[2]!, JSON.parse(code) as Record<string, string>)
      return { code: `export default JSON.parse(${JSON.stringify(text)})`, map: null, moduleType: 'js' }
    },
    generateBundle() {
      if (!building) return
      const { folder, files } = builtFiles()
      for (const [path, source] of files)
        this.emitFile({ type: 'asset', fileName: `assets/${folder}/${path}`, source })
    },
  }
}
