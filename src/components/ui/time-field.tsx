import { TextField, type TextFieldProps } from './text-field'

/** A labelled time of day (HH:MM, the browser's time picker). */
export function TimeField(props: Omit<TextFieldProps, 'type'>) {
  return <TextField {...props} type="time" />
}
