import { Fragment, type ReactNode } from 'react'

const MARK = '\u0000'

/** A message with elements (a <time>, a link) in the places of some of its arguments, in the order the
 * language puts them: the message is made with a mark for each of `nodes`, and cut at the marks.
 * `text` gets the marks to pass as those arguments: `withNodes((m) => t('…', m), { time: <FactoryTime … /> })`. */
export function withNodes(
  text: (marks: Record<string, string>) => string,
  nodes: Readonly<Record<string, ReactNode>>,
): ReactNode {
  const names = Object.keys(nodes)
  const marks = Object.fromEntries(names.map((name, i) => [name, `${MARK}${i}${MARK}`]))
  return text(marks)
    .split(MARK)
    .map((part, i) => {
      if (i % 2 === 0) return part
      const name = names[Number(part)]!
      return <Fragment key={name}>{nodes[name]}</Fragment>
    })
}
