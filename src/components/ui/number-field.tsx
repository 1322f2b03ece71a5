import { CONTROL } from '../form-styles'
import { FieldFrame, type FieldProps } from './field-frame'

/** A labelled number input: `onChange` gets the text as typed, so a half-typed number is not lost. */
export function NumberField({
  value,
  onChange,
  min,
  max,
  step,
  className = 'flex flex-col',
  inputClassName = CONTROL,
  ...field
}: FieldProps & {
  value: number | string
  onChange: (text: string) => void
  min?: number | string
  max?: number | string
  step?: number | 'any'
  inputClassName?: string
}) {
  return (
    <FieldFrame className={className} {...field}>
      {(control) => (
        <input
          {...control}
          className={inputClassName}
          type="number"
          min={min}
          max={max}
          step={step}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FieldFrame>
  )
}
