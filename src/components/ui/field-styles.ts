import { CONTROL } from '../form-styles'

/** A settings or entry form's input or select: a finger's height (44 px) and never wider than its box. */
export const FIELD = `${CONTROL} min-h-11 max-w-full`
/** What keeps a form from being saved, and the server's refusal. */
export const ERROR_TEXT = 'text-red-700 dark:text-red-300'
/** A field's explanation below it. */
export const HINT_TEXT = 'text-sm text-gray-700 dark:text-gray-300'
