import { type ReactNode, useId } from 'react'

/** What every labelled field takes besides its value. */
export interface FieldProps {
  label: ReactNode
  /** the control's id; one is made up when left out */
  id?: string
  /** shown below the control and describing it; the control is then marked invalid */
  error?: string | null
  /** ids of other elements that describe the control (a hint shared by several fields) */
  describedBy?: string
  /** classes of the box that holds the label, the control and the error */
  className?: string
  labelClassName?: string
}

/** The attributes that tie a control to its label and its error. */
export interface ControlProps {
  id: string
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
}

/** A label above (or beside) its control and the control's error: the error sits outside the label, so
 * it never becomes part of the control's name, and describes the control instead. */
export function FieldFrame({
  label,
  id,
  error,
  describedBy,
  className = 'flex min-w-0 flex-col',
  labelClassName,
  children,
}: FieldProps & { children: (control: ControlProps) => ReactNode }) {
  const made = useId()
  const controlId = id ?? made
  const errorId = `${controlId}-error`
  const described = [describedBy, error && errorId].filter(Boolean).join(' ')
  return (
    <div className={className}>
      <label className={labelClassName} htmlFor={controlId}>
        {label}
      </label>
      {children({
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': described || undefined,
      })}
      {error && (
        <span id={errorId} className="text-sm text-red-800 dark:text-red-300">
          {error}
        </span>
      )}
    </div>
  )
}
