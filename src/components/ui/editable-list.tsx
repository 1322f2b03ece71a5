import { type Key, type ReactNode, useEffect, useRef } from 'react'
import { Button } from './button'

/** Where the focus goes once the rows have changed: into the row just added, or to the remove button now
 * in the removed row's place (the add button when none is left), so a keyboard is never dropped to the
 * page's start. */
type FocusNext = { added: true } | { removed: number } | null

const FIRST_CONTROL = 'input, select, textarea, button'

/**
 * Rows a person adds and removes (rules, breaks, channels), each with its own remove button. `renderRow`
 * places the row's fields and the remove button it is given; with `rowLabel`, each row is a group named by
 * it (for the fields' names to say which row). The words are the caller's: `addText`, `removeText` and
 * `removeLabel` (the remove button's name when its text alone does not say which row).
 */
export function EditableList<T>({
  items,
  rowKey = (_, i) => i,
  renderRow,
  onAdd,
  onRemove,
  addText,
  removeText,
  removeLabel,
  rowLabel,
  empty,
  cannotAdd,
  className = 'flex flex-col gap-2',
  rowClassName,
  fieldsClassName,
  addClassName,
}: {
  items: readonly T[]
  rowKey?: (item: T, index: number) => Key
  renderRow: (item: T, index: number, remove: ReactNode) => ReactNode
  onAdd: () => void
  onRemove: (index: number) => void
  addText: ReactNode
  removeText: (item: T, index: number) => ReactNode
  removeLabel?: (item: T, index: number) => string
  rowLabel?: (item: T, index: number) => string
  /** shown instead of the list while it has no row */
  empty?: ReactNode
  /** shown instead of the add button when no row can be added */
  cannotAdd?: ReactNode
  className?: string
  rowClassName?: string
  fieldsClassName?: string
  addClassName?: string
}) {
  const list = useRef<HTMLUListElement>(null)
  const addButton = useRef<HTMLButtonElement>(null)
  const next = useRef<FocusNext>(null)
  // after every render: only a change made here asks for the focus to move
  useEffect(() => {
    const want = next.current
    next.current = null
    if (!want) return
    const rows = list.current?.children ?? []
    const row = 'added' in want ? rows[rows.length - 1] : rows[Math.min(want.removed, rows.length - 1)]
    const target =
      'added' in want
        ? row?.querySelector<HTMLElement>(FIRST_CONTROL)
        : (row?.querySelector<HTMLElement>('[data-remove]') ?? addButton.current)
    target?.focus()
  })
  return (
    <>
      {items.length === 0 && empty !== undefined ? (
        empty
      ) : (
        <ul ref={list} className={className}>
          {items.map((item, i) => {
            const remove = (
              <Button
                data-remove=""
                aria-label={removeLabel?.(item, i)}
                onClick={() => {
                  next.current = { removed: i }
                  onRemove(i)
                }}
              >
                {removeText(item, i)}
              </Button>
            )
            return (
              <li key={rowKey(item, i)} className={rowClassName}>
                {rowLabel ? (
                  <fieldset className={fieldsClassName}>
                    <legend className="sr-only">{rowLabel(item, i)}</legend>
                    {renderRow(item, i, remove)}
                  </fieldset>
                ) : (
                  renderRow(item, i, remove)
                )}
              </li>
            )
          })}
        </ul>
      )}
      {cannotAdd ?? (
        <Button
          ref={addButton}
          className={addClassName}
          onClick={() => {
            next.current = { added: true }
            onAdd()
          }}
        >
          {addText}
        </Button>
      )}
    </>
  )
}
