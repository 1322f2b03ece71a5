import type { CSSProperties } from 'react'
import type { ReasonPattern, StopReason } from '../../lib/stop-reasons'

/** The pattern over a reason's colour: colour is never the only way to tell reasons apart. */
const PATTERNS: Record<ReasonPattern, string> = {
  solid: 'none',
  stripes: 'repeating-linear-gradient(45deg, rgb(255 255 255 / 0.75) 0 2px, transparent 2px 6px)',
  dots: 'radial-gradient(circle, rgb(255 255 255 / 0.85) 1.2px, transparent 1.6px)',
  cross:
    'repeating-linear-gradient(45deg, rgb(255 255 255 / 0.7) 0 1.5px, transparent 1.5px 6px), repeating-linear-gradient(-45deg, rgb(255 255 255 / 0.7) 0 1.5px, transparent 1.5px 6px)',
}

/** A reason's colour and pattern as a background (a bar, a timeline part). */
export const reasonFill = (reason: Pick<StopReason, 'colour' | 'pattern'>): CSSProperties => ({
  backgroundColor: reason.colour,
  backgroundImage: PATTERNS[reason.pattern],
  backgroundSize: reason.pattern === 'dots' ? '6px 6px' : undefined,
})

/** A small square of the reason's colour and pattern beside its name. */
export function ReasonSwatch({ reason }: { reason: Pick<StopReason, 'colour' | 'pattern'> }) {
  return (
    <span
      aria-hidden="true"
      className="mr-2 inline-block size-4 rounded-sm border border-gray-500 align-[-0.15em]"
      style={reasonFill(reason)}
    />
  )
}
