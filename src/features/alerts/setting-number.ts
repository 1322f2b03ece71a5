import { FIELD } from '../../components/ui/field-styles'

/** The look and bounds the settings' number fields share: any fraction is allowed, as the server keeps
 * fractions (0.2 min = 12 s); a field with a higher floor passes its own `min` after these. */
export const SETTING_NUMBER = {
  min: 0,
  step: 'any',
  className: 'flex flex-col text-sm',
  inputClassName: `${FIELD} w-32`,
} as const
