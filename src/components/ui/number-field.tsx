import { type ReactNode, useId } from 'react'
import { CONTROL } from '../form-styles'

/** A labelled number input above each other: `onChange` gets the text as typed, so a half-typed number
 * is not lost; an error text, when given, describes the input (outside the label, so it never becomes
 * part of the input's name). The same markup as FieldFrame, written out here: the status board loads
 * this field first, and the frame's chunk took the board over its 130 KiB budget. */
export function NumberField({
  label,
  value,
  onChange,
  id,
  min,
  max,
  step,
  className = 'flex flex-col',
  labelClassName,
  inputClassName = CONTROL,
  error,
}: {
  label: ReactNode
  value: number | string
  onChange: (text: string) => void
  /** the input's id; one is made up when left out */
  id?: string
  min?: number | string
  max?: number | string
  step?: number | 'any'
  /** classes of the box that holds the label, the input and the error */
  className?: string
  labelClassName?: string
  inputClassName?: string
  error?: string | null
}) {
  const made = useId()
  const inputId = id ?? made
  const errorId = `${inputId}-error`
  return (
    <div className={className}>
      <label className={labelClassName} htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        className={inputClassName}
        type="number"
        min={min}
        max={max}
        step={step}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <span id={errorId} className="text-sm text-red-800 dark:text-red-300">
          {error}
        </span>
      )}
    </div>
  )
}
