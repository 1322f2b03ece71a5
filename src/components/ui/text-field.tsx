import type { InputHTMLAttributes, Ref } from 'react'
import { FieldFrame, type FieldProps } from './field-frame'
import { FIELD } from './field-styles'

export type TextFieldProps = FieldProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'className'> & {
    value: string
    /** the text as typed */
    onChange: (text: string) => void
    inputClassName?: string
    ref?: Ref<HTMLInputElement>
  }

/** A labelled text input (or password, address, date and time: any `type` typed as text). */
export function TextField({
  label,
  id,
  error,
  describedBy,
  className,
  labelClassName,
  inputClassName = FIELD,
  onChange,
  ...input
}: TextFieldProps) {
  return (
    <FieldFrame {...{ label, id, error, describedBy, className, labelClassName }}>
      {(control) => (
        <input
          {...input}
          {...control}
          className={inputClassName}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FieldFrame>
  )
}
