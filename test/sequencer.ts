import { BaseSequencer, type TestSpecification } from 'vitest/node'

/** The history and end-to-end files spend most of their time waiting (for polls, a lease, pages), the
 * others compute: the waiting ones start first (the history's, the longest wait, before all), the computing
 * ones fill the time between. */
const FIRST = ['history', 'e2e']

/** The files that take longest (a whole run on 2 cores, BENCHMARKS.md "Tests"), longest first: they start
 * first, so that no long file starts last and runs alone at the end. A fresh clone (CI) has no timings of
 * its own for vitest to order by (it orders the files of a project by name then, and the wall's, the
 * longest, came last); once vitest has timed them, its timings order the rest. */
const LONGEST = [
  'test/e2e/wall-pages.test.ts',
  'test/e2e/wall-pages-languages.test.ts',
  'test/e2e/wall.test.ts',
  'test/e2e/page-sweep-spanish-dark.test.ts',
  'test/e2e/page-sweep-german.test.ts',
  'test/e2e/page-sweep-english.test.ts',
  'test/history/processes.test.ts',
  'test/e2e/page-sweep-english-reports.test.ts',
  'test/e2e/kiosk.test.ts',
  'test/e2e/alerts.test.ts',
  'test/e2e/stop-reasons.test.ts',
  'test/e2e/plan.test.ts',
  'test/e2e/held-out.test.ts',
]

/** The order of a whole run's files (`npm test`): the longest known first; then the history project's
 * files, then the end-to-end ones, before the others, each in vitest's own order (the slowest it has timed
 * first). */
export class WaitingFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const rank = (spec: TestSpecification) =>
      FIRST.includes(spec.project.name) ? FIRST.indexOf(spec.project.name) : FIRST.length
    const long = (spec: TestSpecification) => {
      const at = LONGEST.findIndex((path) => spec.moduleId.endsWith(`/${path}`))
      return at < 0 ? LONGEST.length : at
    }
    return sorted
      .map((spec, index) => ({ spec, index }))
      .sort((a, b) => long(a.spec) - long(b.spec) || rank(a.spec) - rank(b.spec) || a.index - b.index)
      .map(({ spec }) => spec)
  }
}
