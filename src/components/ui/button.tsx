import type { ComponentProps } from 'react'

/** The look of each kind of button; each is a finger's height (44 px) to tap. */
const VARIANTS = {
  /** the form's one action: save, add */
  primary:
    'min-h-11 rounded bg-gray-900 px-4 font-semibold text-white disabled:opacity-60 dark:bg-gray-100 dark:text-gray-950',
  /** every other action: add a row, send now, show all */
  secondary: 'min-h-11 rounded border border-gray-400 px-3 disabled:opacity-60 dark:border-gray-600',
  /** a small action beside a text (close, "not you?") that reads as a link */
  link: 'min-h-11 underline disabled:opacity-60',
  /** an action that removes or cancels something kept */
  danger:
    'min-h-11 rounded border border-red-700 px-3 text-red-800 disabled:opacity-60 dark:border-red-400 dark:text-red-300',
} as const

export type ButtonVariant = keyof typeof VARIANTS

/** A button of the forms; a plain button unless `type` says submit. `className` adds to the variant's look
 * (a margin, a width). */
export function Button({
  variant = 'secondary',
  type = 'button',
  className,
  ...button
}: ComponentProps<'button'> & { variant?: ButtonVariant }) {
  return (
    <button
      {...button}
      type={type}
      className={className ? `${VARIANTS[variant]} ${className}` : VARIANTS[variant]}
    />
  )
}
