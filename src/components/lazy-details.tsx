import { type ReactNode, useState } from 'react'
import { useKiosk } from './kiosk/kiosk-context'

/** A disclosure whose content is only built once it is opened (a hundred closed tables cost nothing). */
export function LazyDetails({
  summary,
  className,
  children,
}: {
  summary: ReactNode
  className?: string
  children: () => ReactNode
}) {
  const [open, setOpen] = useState(false)
  if (useKiosk().on) return null
  return (
    <details className={className} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer text-sm">{summary}</summary>
      {open && children()}
    </details>
  )
}
