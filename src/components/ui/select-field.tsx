import type { ReactNode, SelectHTMLAttributes } from 'react'
import { FieldFrame, type FieldProps } from './field-frame'
import { FIELD } from './field-styles'

/** A labelled select of the `<option>`s (and `<optgroup>`s) given as children. */
export function SelectField({
  label,
  id,
  error,
  describedBy,
  className,
  labelClassName,
  selectClassName = FIELD,
  onChange,
  children,
  ...select
}: FieldProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'value' | 'onChange' | 'className'> & {
    value: string | number
    /** the chosen option's value */
    onChange: (value: string) => void
    selectClassName?: string
    children: ReactNode
  }) {
  return (
    <FieldFrame {...{ label, id, error, describedBy, className, labelClassName }}>
      {(control) => (
        <select
          {...select}
          {...control}
          className={selectClassName}
          onChange={(event) => onChange(event.target.value)}
        >
          {children}
        </select>
      )}
    </FieldFrame>
  )
}
