import type { ReactNode } from 'react'
import { ERROR_TEXT } from './field-styles'

/** What keeps a form (or a part of it) from being saved, announced as it appears: one error as a line,
 * several (or any after an intro) as a list. Nothing when there is none. */
export function FormErrors({
  errors,
  intro,
  className,
}: {
  errors: ReadonlyArray<string> | string | null | undefined
  intro?: ReactNode
  /** classes besides the error colour (a margin, a whole row of a wrapping form) */
  className?: string
}) {
  const list = typeof errors === 'string' ? [errors] : (errors ?? [])
  if (list.length === 0) return null
  const look = className ? `${className} ${ERROR_TEXT}` : ERROR_TEXT
  if (list.length === 1 && intro === undefined)
    return (
      <p role="alert" className={look}>
        {list[0]}
      </p>
    )
  return (
    <div role="alert" className={look}>
      {intro !== undefined && <p>{intro}</p>}
      <ul className="list-disc pl-6">
        {list.map((error) => (
          <li key={error}>{error}</li>
        ))}
      </ul>
    </div>
  )
}
