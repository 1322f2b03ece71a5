import { BaseSequencer, type TestSpecification } from 'vitest/node'

/** The history and end-to-end files spend most of their time waiting (for polls, a lease, pages), the
 * others compute: the waiting ones start first (the history's, the longest wait, before all), the computing
 * ones fill the time between. */
const FIRST = ['history', 'e2e']

/** The order of a whole run's files (`npm test`): vitest's own (the slowest known first), the history
 * project's files, then the end-to-end ones, before the others. */
export class WaitingFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const rank = (spec: TestSpecification) =>
      FIRST.includes(spec.project.name) ? FIRST.indexOf(spec.project.name) : FIRST.length
    return sorted
      .map((spec, index) => ({ spec, index }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.index - b.index)
      .map(({ spec }) => spec)
  }
}
