/** The words kept in place of a comparison while the range before loads. */
export const COMPARING = 'text-gray-600 dark:text-gray-400'
