import type { ReactNode } from 'react'
import { CONTROL } from '../../components/form-styles'

/** A labelled number of the settings; any fraction is allowed, as the server keeps fractions. */
export function NumberField({
  label,
  value,
  onChange,
  min = 0,
}: {
  label: ReactNode
  value: number
  onChange: (value: number) => void
  min?: number
}) {
  return (
    <label className="flex flex-col text-sm">
      {label}
      <input
        type="number"
        min={min}
        step="any"
        className={`${CONTROL} min-h-11 w-32`}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
      />
    </label>
  )
}
