/** The report's tables: figures in columns, each cell on one line (the table scrolls on a phone). */
export const REPORT_TABLE =
  'text-left tabular-nums [&_td]:px-2 [&_td]:py-1 [&_td]:whitespace-nowrap [&_th]:px-2 [&_th]:py-1 [&_th]:whitespace-nowrap'
