/** The look of every select and input of the app's forms. */
export const CONTROL =
  'rounded border border-gray-400 bg-white px-2 py-1 dark:border-gray-600 dark:bg-gray-900'
