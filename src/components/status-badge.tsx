import { type BoardState, STATE_ICONS } from '../lib/machine-state'

/** Fill and text colour per state (tailwind.config.js tokens); text and icon always accompany colour. */
export const STATE_STYLES: Record<BoardState, string> = {
  running: 'bg-status-running text-white',
  stopped: 'bg-status-stopped text-white',
  threadbreak: 'bg-status-threadbreak text-gray-950',
  idle: 'bg-status-idle text-white',
  setup: 'bg-status-setup text-white',
  error: 'bg-status-error text-white',
  'not-reporting': 'bg-status-offline text-white',
  unknown: 'bg-status-unknown text-gray-950',
}

export function StatusBadge({
  state,
  label,
  className = '',
}: {
  state: BoardState
  label: string
  className?: string
}) {
  return (
    <span
      className={`inline-flex items-center gap-1 rounded px-1.5 py-0.5 font-semibold ${STATE_STYLES[state]} ${className}`}
    >
      <span aria-hidden="true">{STATE_ICONS[state]}</span>
      <span>{label}</span>
    </span>
  )
}
