import { builtinModules } from 'node:module'
import { importsOf, isTest, lazyImportsOf } from '../../scripts/module-imports'

/**
 * The repository's import rules as one pure check over a set of files (path relative to the repository
 * → text), so the architecture test runs it on the real tree and on trees with a planted violation.
 *
 * - src: layers lib → api → components → features → app; a file imports its own layer and those below.
 * - src/features: a feature uses another only through the files listed in FEATURE_EXPORTS.
 * - src (but its tests): no Node module, nothing from server/ or test/.
 * - server: from src only src/lib and src/api/contract; its folders depend one way (SERVER_FOLDERS);
 *   a folder never imports the composition roots (SERVER_ROOTS).
 * - no import cycle anywhere.
 *
 * And what code reaches at run time (reachViolations):
 * - the environment: only server/config.ts reads it; everything else gets its values from the config.
 * - the browser: src/lib is pure, so it names no document, window or storage (components hold those).
 */
export const SRC_LAYERS = ['lib', 'api', 'components', 'features', 'app'] as const

/** What a feature offers other features on purpose, and why. Anything else of a feature is its own. */
export const FEATURE_EXPORTS: Record<string, string> = {
  'src/features/plan/pace-panel.tsx':
    'the wall (when nothing needs attention) and the shift page show the shift’s pace against its plan',
  'src/features/stops/reasons-of-range.tsx':
    'the stops page and the shift page show why the machines stood in their range',
  'src/features/plan/shift-results.tsx':
    'the shift page shows every shift that ended against its target, with OEE and where it lost most',
  'src/features/plan/pace-summary.tsx':
    'the board’s summary and the wall density on a desk show the shift’s pace in one line',
  'src/features/plan/machine-pace.tsx': 'the machine page shows the machine’s pace against its own target',
  'src/features/orders/machine-order.tsx': 'the machine page shows the orders scheduled on the machine',
  'src/features/orders/tile-order.tsx': 'the board’s tile shows the order its machine sews now',
  'src/features/maintenance/machine-tasks.tsx':
    'the machine page shows its maintenance tasks and signs them off',
  'src/features/stops/tile-reason.tsx': 'the board tile and the machine page show and take a stop’s reason',
  'src/features/stops/reason-dialog.tsx': 'the alert bar gives a reason to the stop of an alert',
  'src/features/stops/use-stops.ts': 'the wall reads what each standing machine stands for',
  'src/features/stops/reason-swatch.tsx': 'the factory timeline draws the stops’ reasons in their colours',
  'src/features/alerts/alerts-of-range.tsx': 'the shift page lists the alerts of its range',
  'src/features/timeline/stops-page.tsx':
    'the shift page shows the stop analysis of its range (StopsOfRange)',
  'src/features/timeline/reserve.ts':
    'the height the stop analysis takes while it loads, for pages that embed it',
  'src/features/timeline/before-recording.tsx':
    'the machine page says when the record began, as the timeline does',
  'src/features/plan/targets-parts.tsx':
    'the shift reports’ delivery form frames its sections and names the weekdays as the targets’ form does',
  'src/features/shift-reports/shift-reports-page.tsx':
    'the pace page loads the shift reports under its route (a route of their own in the shell was 0.2 KiB)',
}

/** Server folders and the folders each may import: proxy ← history ← outbox, stops, alerts ← plan ←
 * shift-reports; history ← audit ← people (the alerts know the stops only as functions the composition passes); the demo upstream
 * uses the proxy's transport type only. */
export const SERVER_FOLDERS: Record<string, readonly string[]> = {
  proxy: [],
  demo: ['proxy'],
  history: ['proxy'],
  // the one outbox the alerts and the shift reports send from
  outbox: ['history'],
  stops: ['proxy', 'history'],
  alerts: ['proxy', 'history', 'outbox'],
  // the plan's routes read bodies and names as the stops' do; its demo seed rolls the demo's dice
  plan: ['proxy', 'history', 'stops', 'demo'],
  // the shift reports: built from the plan's results, sent through the outbox to the alerts' channels,
  // with the stops' body checks
  'shift-reports': ['proxy', 'history', 'outbox', 'stops', 'alerts', 'plan'],
  // the append-only log of what was done, in the history's database
  audit: ['history'],
  // who asks: people, their sessions, the guard of the write routes (which keeps each write in the
  // audit log and reads bodies as the proxy does)
  people: ['proxy', 'history', 'audit'],
  // the order book: in the history's database, its bodies read as the stops' are
  orders: ['history', 'stops', 'alerts'],
  // maintenance by use: counted by the history, in its database, its bodies read as the stops' are
  maintenance: ['history', 'stops'],
}

/** Top-level server files that put the parts together; no folder imports them. */
export const SERVER_ROOTS = [
  'server/main.ts',
  'server/backup-main.ts',
  'server/user-main.ts',
  'server/app.ts',
  'server/start-history.ts',
  'server/dev-middleware.ts',
  'server/settings-routes.ts',
]

const NODE_MODULES = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]))

const top = (path: string, root: string) =>
  path.startsWith(`${root}/`) ? (path.slice(root.length + 1).split('/')[0] ?? '') : null

/** Every broken rule, one line each ("from → to: why"); empty when the tree keeps them all. */
export function importViolations(files: ReadonlyMap<string, string>): string[] {
  const wrong: string[] = []
  const graph = new Map<string, string[]>()
  for (const [path, text] of files) {
    const { local, bare } = importsOf(path, text, files)
    graph.set(path, local)
    if (isTest(path)) continue
    const srcLayer = SRC_LAYERS.indexOf(top(path, 'src') as (typeof SRC_LAYERS)[number])
    const serverFolder = path.startsWith('server/') ? path.split('/')[1]! : null
    if (path.startsWith('src/')) {
      for (const spec of bare)
        if (NODE_MODULES.has(spec)) wrong.push(`${path} → ${spec}: browser code uses a Node module`)
    }
    for (const target of local) {
      const edge = `${path} → ${target}`
      if (path.startsWith('src/')) {
        if (!target.startsWith('src/')) {
          wrong.push(`${edge}: browser code reaches outside src`)
          continue
        }
        const targetLayer = SRC_LAYERS.indexOf(top(target, 'src') as (typeof SRC_LAYERS)[number])
        if (srcLayer >= 0 && targetLayer > srcLayer) wrong.push(`${edge}: imports from a layer above its own`)
        const from = top(path, 'src/features')
        const to = top(target, 'src/features')
        if (from && to && from !== to && !(target in FEATURE_EXPORTS))
          wrong.push(`${edge}: a feature uses another feature's own file (not in FEATURE_EXPORTS)`)
      }
      if (serverFolder !== null) {
        if (target.startsWith('src/')) {
          if (!target.startsWith('src/lib/') && !target.startsWith('src/api/contract/'))
            wrong.push(`${edge}: the server uses src/lib and src/api/contract only`)
          continue
        }
        if (!target.startsWith('server/')) {
          wrong.push(`${edge}: server code reaches outside server and src`)
          continue
        }
        const targetFolder = target.split('/').length > 2 ? target.split('/')[1]! : null
        const ownFolder = path.split('/').length > 2 ? serverFolder : null
        if (ownFolder === null) continue // a top-level file: composition roots and shared helpers
        if (targetFolder === null) {
          if (SERVER_ROOTS.includes(target)) wrong.push(`${edge}: a server folder imports a composition root`)
          continue
        }
        if (targetFolder !== ownFolder && !(SERVER_FOLDERS[ownFolder] ?? []).includes(targetFolder))
          wrong.push(`${edge}: server/${ownFolder} may not depend on server/${targetFolder}`)
      }
    }
  }
  return [...wrong, ...cyclesOf(graph).map((cycle) => `${cycle.join(' → ')}: an import cycle`)]
}

function cyclesOf(graph: ReadonlyMap<string, string[]>): string[][] {
  const state = new Map<string, 'open' | 'done'>()
  const cycles: string[][] = []
  const visit = (file: string, path: string[]) => {
    if (state.get(file) === 'done') return
    if (state.get(file) === 'open') {
      cycles.push([...path.slice(path.indexOf(file)), file])
      return
    }
    state.set(file, 'open')
    for (const next of graph.get(file) ?? []) visit(next, [...path, file])
    state.set(file, 'done')
  }
  for (const file of graph.keys()) visit(file, [])
  return cycles
}

/** The page registry (src/app/pages.ts): the one place a page of the app is loaded. */
export const PAGE_REGISTRY = 'src/app/pages.ts'

/** Modules of src/features that look like pages but are not addresses of the app, and why. */
export const NOT_PAGES: Record<string, string> = {
  'src/features/kiosk/exceptions-page.tsx':
    'the wall’s screen of the machines that need someone, shown between its pages, not an address',
}

/** A page: a module of src/features named `…-page.tsx` or exporting a component named `…Page`. */
const isPage = (path: string, text: string) =>
  path.startsWith('src/features/') &&
  !isTest(path) &&
  !(path in NOT_PAGES) &&
  (/-page\.tsx$/.test(path) || /\bexport\s+(?:function|const)\s+[A-Z]\w*Page\b/.test(text))

/**
 * Every page is written once, in the page registry, which loads it lazily; the router, the navigation,
 * the wall and the message pieces read the registry. A page may also be loaded lazily by a page the
 * registry loads, of its own feature or offered by its feature (a sub-page under its route: the pace
 * page's targets, the shift reports), or by another feature for a part it offers (FEATURE_EXPORTS: the
 * stops page's analysis on the shift page).
 * Anything else loading a page, lazily or not, and a page nothing loads so, is reported.
 */
export function pageViolations(files: ReadonlyMap<string, string>): string[] {
  const wrong: string[] = []
  const pages = new Set([...files].filter(([path, text]) => isPage(path, text)).map(([path]) => path))
  const feature = (path: string) => top(path, 'src/features')
  const registered = new Set(lazyImportsOf(PAGE_REGISTRY, files.get(PAGE_REGISTRY) ?? '', files))
  for (const page of pages) {
    const subPage = [...registered].some(
      (parent) =>
        (feature(parent) === feature(page) || page in FEATURE_EXPORTS) &&
        lazyImportsOf(parent, files.get(parent) ?? '', files).includes(page),
    )
    if (!registered.has(page) && !subPage)
      wrong.push(`${page}: a page not in the registry (${PAGE_REGISTRY})`)
  }
  for (const [path, text] of files) {
    if (!path.startsWith('src/') || isTest(path) || path === PAGE_REGISTRY) continue
    const lazy = new Set(lazyImportsOf(path, text, files))
    // a type brings no code: a page's types may be named anywhere
    const code = text.replace(/(^|\n)\s*(import|export)\s+type\s[^'"]*?from\s+['"][^'"]+['"]/g, '$1')
    for (const target of importsOf(path, code, files).local) {
      if (!pages.has(target)) continue
      const ownFeature = feature(path) !== null && feature(path) === feature(target)
      const offered = feature(path) !== null && target in FEATURE_EXPORTS
      if (!lazy.has(target) || !(ownFeature || offered))
        wrong.push(`${path} → ${target}: a page is loaded by the registry only (${PAGE_REGISTRY})`)
    }
  }
  return wrong
}

/** The one file that reads the environment (process.env); scripts, benches and tests may too. */
export const ENVIRONMENT_READER = 'server/config.ts'

/** The browser's globals that src/lib may not use: the page and its storage. */
export const BROWSER_GLOBALS = ['document', 'window', 'localStorage', 'sessionStorage'] as const

const ENVIRONMENT_READ =
  /\bprocess\s*(?:\??\.\s*env\b|\[\s*['"`]env['"`]\s*\])|\{[^}]*\benv\b[^}]*\}\s*=\s*process\b|\bimport\s*\{[^}]*\benv\b[^}]*\}\s*from\s*['"](?:node:)?process['"]/
// a global used as a value: not a property (`x.window`), not a key or member (`window: …`)
const BROWSER_GLOBAL = new RegExp(`(?<![\\w$.])(?:${BROWSER_GLOBALS.join('|')})(?![\\w$]|\\s*\\??:(?!:))`)

const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\/|(^|[^:'"`\\])\/\/.*$/gm, '$1')
/** Strings emptied too: a message may say "window". */
const withoutStrings = (code: string) =>
  code.replace(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g, "''")

/** Every file that reaches what it should not, one line each ("file: why"); empty when none does. */
export function reachViolations(files: ReadonlyMap<string, string>): string[] {
  const wrong: string[] = []
  for (const [path, text] of files) {
    if (isTest(path) || !/^(src|server)\//.test(path)) continue
    const code = withoutComments(text)
    if (path !== ENVIRONMENT_READER && ENVIRONMENT_READ.test(code))
      wrong.push(`${path}: reads the environment (only ${ENVIRONMENT_READER} does)`)
    const global = path.startsWith('src/lib/') ? BROWSER_GLOBAL.exec(withoutStrings(code)) : null
    if (global) wrong.push(`${path}: src/lib is pure and uses the browser's ${global[0]}`)
  }
  return wrong
}
