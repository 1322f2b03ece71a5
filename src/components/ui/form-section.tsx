import { type ReactNode, useId } from 'react'
import { FormErrors } from './form-errors'

/** A part of a form with its heading and, below its fields, its errors (see FormErrors). A `section`
 * named by its heading (h2, or h3 inside another section), or a `fieldset` named by its legend. */
export function FormSection({
  heading,
  as = 'section',
  level = 2,
  className,
  headingClassName = 'text-xl font-semibold',
  errors,
  errorsIntro,
  errorsClassName,
  children,
}: {
  heading: ReactNode
  as?: 'section' | 'fieldset'
  level?: 2 | 3
  className?: string
  headingClassName?: string
  errors?: ReadonlyArray<string> | string | null
  errorsIntro?: ReactNode
  errorsClassName?: string
  children: ReactNode
}) {
  const id = useId()
  const errorList = <FormErrors errors={errors} intro={errorsIntro} className={errorsClassName} />
  if (as === 'fieldset')
    return (
      <fieldset className={className}>
        <legend className={headingClassName}>{heading}</legend>
        {children}
        {errorList}
      </fieldset>
    )
  const Heading = level === 3 ? 'h3' : 'h2'
  return (
    <section aria-labelledby={id} className={className}>
      <Heading id={id} className={headingClassName}>
        {heading}
      </Heading>
      {children}
      {errorList}
    </section>
  )
}
