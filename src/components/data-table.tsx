import type { ReactNode, TableHTMLAttributes, ThHTMLAttributes } from 'react'

/** One column heading of a DataTable. */
export interface DataColumn {
  /** React key of the heading, and its text where `label` is left out */
  key: string
  label?: ReactNode
  className?: string
  /** further attributes of the heading cell, such as `title` or `aria-sort` */
  headProps?: Omit<ThHTMLAttributes<HTMLTableCellElement>, 'scope' | 'className' | 'children'>
}

/** A data table: its name (a caption, visually hidden unless given a class of its own, or an
 * aria-label), one row of column headings from `columns`, and the body rows the caller renders, so
 * every table keeps its own cells and classes while the heading markup (scope="col") is written once. */
export function DataTable({
  columns,
  caption,
  captionClassName = 'sr-only',
  headClassName,
  headRowClassName,
  footer,
  children,
  ...table
}: {
  columns: readonly DataColumn[]
  caption?: ReactNode
  captionClassName?: string
  /** classes of the thead (a sticky heading, say) and of its row */
  headClassName?: string
  headRowClassName?: string
  /** the rows of a tfoot, such as totals */
  footer?: ReactNode
  /** the rows of the tbody */
  children: ReactNode
} & Pick<TableHTMLAttributes<HTMLTableElement>, 'className' | 'aria-label' | 'aria-rowcount'>) {
  return (
    <table {...table}>
      {caption !== undefined && <caption className={captionClassName}>{caption}</caption>}
      <thead className={headClassName}>
        <tr className={headRowClassName}>
          {columns.map((column) => (
            <th key={column.key} scope="col" className={column.className} {...column.headProps}>
              {column.label ?? column.key}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
      {footer !== undefined && <tfoot>{footer}</tfoot>}
    </table>
  )
}
