import type { Ref, TextareaHTMLAttributes } from 'react'
import { CONTROL } from '../form-styles'
import { FieldFrame, type FieldProps } from './field-frame'

/** A labelled text of several lines (a note, a comment). */
export function TextAreaField({
  label,
  id,
  error,
  describedBy,
  className,
  labelClassName,
  textAreaClassName = `${CONTROL} min-h-20`,
  onChange,
  ...textArea
}: FieldProps &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'value' | 'onChange' | 'className'> & {
    value: string
    onChange: (text: string) => void
    textAreaClassName?: string
    ref?: Ref<HTMLTextAreaElement>
  }) {
  return (
    <FieldFrame {...{ label, id, error, describedBy, className, labelClassName }}>
      {(control) => (
        <textarea
          {...textArea}
          {...control}
          className={textAreaClassName}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FieldFrame>
  )
}
