import type { InputHTMLAttributes, ReactNode } from 'react'

/** A checkbox inside its label, a finger's height (44 px) to tap. */
export function CheckboxField({
  label,
  checked,
  onChange,
  className = 'flex min-h-11 items-center gap-2',
  inputClassName,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'checked' | 'onChange' | 'className'> & {
  label: ReactNode
  checked: boolean
  onChange: (checked: boolean) => void
  className?: string
  inputClassName?: string
}) {
  return (
    <label className={className}>
      <input
        {...input}
        type="checkbox"
        className={inputClassName}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      {label}
    </label>
  )
}
