import { type KeyboardEvent, useId, useMemo, useState } from 'react'
import { formatFactoryDate, formatFactoryTime } from '../lib/factory-time'
import type { Translator } from '../lib/i18n/translator'
import { durationInWords, STATE_ICONS } from '../lib/machine-state'
import type { TimelineSegment } from '../lib/timeline'
import { useT } from './i18n'

/** Fill per state (the board's colours), and a pattern on the states that need someone, so colour is
 * never the only signal: hatched stops, cross-hatched thread breaks and errors, dots for setup. */
const FILL: Record<TimelineSegment['state'], string> = {
  running: 'fill-status-running',
  stopped: 'fill-status-stopped',
  threadbreak: 'fill-status-threadbreak',
  idle: 'fill-status-idle',
  setup: 'fill-status-setup',
  error: 'fill-status-error',
  'not-reporting': 'fill-status-offline',
  unknown: 'fill-status-unknown',
  unrecorded: 'fill-gray-100 dark:fill-gray-800',
}
const PATTERN: Partial<Record<TimelineSegment['state'], 'hatch' | 'cross' | 'dots' | 'gap'>> = {
  stopped: 'hatch',
  threadbreak: 'cross',
  error: 'cross',
  setup: 'dots',
  'not-reporting': 'hatch',
  unrecorded: 'gap',
}

/** The strip's parts as one path per fill and one per pattern (a row of 200 parts is a handful of
 * elements, not 400: the factory timeline draws a screenful of rows at once). Parts are at least 0.4 of
 * the 1000 units wide, so a short stop stays visible. */
/** Where an instant falls along [from, till), as a share of the strip (0–1; outside the range at its ends). */
const shareOf = (from: number, till: number) => {
  const span = Math.max(1, till - from)
  return (t: number) => (Math.min(till, Math.max(from, t)) - from) / span
}

export function stripPaths(
  segments: readonly TimelineSegment[],
  from: number,
  till: number,
  top: number,
  height: number,
): {
  fills: Array<[TimelineSegment['state'], string]>
  patterns: Array<[NonNullable<(typeof PATTERN)[TimelineSegment['state']]>, string]>
} {
  const share = shareOf(from, till)
  const x = (t: number) => share(t) * 1000
  const fills = new Map<TimelineSegment['state'], string[]>()
  const patterns = new Map<NonNullable<(typeof PATTERN)[TimelineSegment['state']]>, string[]>()
  const add = <K,>(map: Map<K, string[]>, key: K, part: string) => {
    const parts = map.get(key)
    if (parts) parts.push(part)
    else map.set(key, [part])
  }
  for (const s of segments) {
    const left = x(s.start)
    const width = Math.max(0.4, x(s.end) - left)
    const part = `M${round(left)} ${top}h${round(width)}v${height}h${round(-width)}z`
    add(fills, s.state, part)
    const pattern = PATTERN[s.state]
    if (pattern) add(patterns, pattern, part)
  }
  return {
    fills: [...fills].map(([state, parts]) => [state, parts.join('')]),
    patterns: [...patterns].map(([pattern, parts]) => [pattern, parts.join('')]),
  }
}

const round = (n: number) => Math.round(n * 100) / 100

/** A part of the strip in words: what it was (its code), from–to, how long, the design. */
export function segmentInWords(s: TimelineSegment, timeZone: string, t: Translator['t']): string {
  const when = t('stateTimeline.when', {
    date: formatFactoryDate(s.start, timeZone),
    from: formatFactoryTime(s.start, timeZone, false),
    till: formatFactoryTime(s.end, timeZone, false),
  })
  const duration = durationInWords(Math.round((s.end - s.start) / 1000))
  const length = s.atLeast ? t('stateTimeline.atLeast', { duration }) : duration
  if (s.state === 'unrecorded') return t('stateTimeline.unrecorded', { when, reason: s.label, length })
  const values = { state: s.label, code: s.code ?? '', when, length, design: s.design ?? '' }
  if (s.code === null)
    return s.design ? t('stateTimeline.partDesign', values) : t('stateTimeline.part', values)
  return s.design ? t('stateTimeline.partCodeDesign', values) : t('stateTimeline.partCode', values)
}

/**
 * A machine's states over a range as one strip: colour and pattern per state, stops longer than the
 * threshold marked above it. One tab stop; the arrow keys (and the mouse) move along the parts and the
 * line below says what each was: state, code, from–to, how long, design.
 */
export function StateTimeline({
  segments,
  from,
  till,
  timeZone,
  label,
  height = 28,
  compact = false,
  ticks = [],
  overlay = [],
}: {
  segments: readonly TimelineSegment[]
  from: number
  till: number
  timeZone: string
  /** the accessible name: whose timeline, over what */
  label: string
  height?: number
  /** a row of the factory timeline: no marks, no line below */
  compact?: boolean
  /** labelled moments under the strip (midnights, hours) */
  ticks?: ReadonlyArray<{ at: number; label: string }>
  /** parts drawn over the lower half of the strip in a colour and pattern of their own (stop reasons) */
  overlay?: ReadonlyArray<{
    start: number
    end: number
    colour: string
    pattern: 'solid' | 'stripes' | 'dots' | 'cross'
  }>
}) {
  const { t } = useT()
  const id = useId().replaceAll(':', '')
  const [cursor, setCursor] = useState<number | null>(null)
  const span = Math.max(1, till - from)
  const share = shareOf(from, till)
  const x = (at: number) => share(at) * 1000
  const current = cursor === null ? null : segments[cursor]
  const move = (event: KeyboardEvent) => {
    if (segments.length === 0) return
    const last = segments.length - 1
    const next =
      event.key === 'ArrowRight'
        ? Math.min(last, (cursor ?? -1) + 1)
        : event.key === 'ArrowLeft'
          ? Math.max(0, (cursor ?? last + 1) - 1)
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null
    if (next === null) return
    event.preventDefault()
    setCursor(next)
  }
  const marks = compact ? [] : segments.filter((s) => s.marked)
  const top = compact ? 0 : 10
  const drawn = useMemo(
    () => stripPaths(segments, from, till, top, height),
    [segments, from, till, top, height],
  )
  return (
    <figure className="relative m-0" data-chart={compact ? undefined : ''}>
      <svg
        role="img"
        aria-label={label}
        aria-describedby={compact ? undefined : `${id}-now`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the strip is read with the arrow keys
        tabIndex={0}
        onKeyDown={move}
        onMouseMove={(event) => {
          const box = event.currentTarget.getBoundingClientRect()
          const at = from + ((event.clientX - box.left) / box.width) * span
          const found = segments.findIndex((s) => s.start <= at && at < s.end)
          setCursor(found === -1 ? null : found)
        }}
        onMouseLeave={() => setCursor(null)}
        viewBox={`0 0 1000 ${height + top}`}
        preserveAspectRatio="none"
        className="block w-full rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
        style={{ height: height + top }}
      >
        <defs>
          <pattern
            id={`${id}-hatch`}
            width="6"
            height="6"
            patternUnits="userSpaceOnUse"
            patternTransform="rotate(45)"
          >
            <line x1="0" y1="0" x2="0" y2="6" stroke="white" strokeOpacity="0.55" strokeWidth="2" />
          </pattern>
          <pattern
            id={`${id}-cross`}
            width="6"
            height="6"
            patternUnits="userSpaceOnUse"
            patternTransform="rotate(45)"
          >
            <path d="M0 0V6M0 0H6" stroke="white" strokeOpacity="0.6" strokeWidth="1.5" />
          </pattern>
          <pattern id={`${id}-dots`} width="5" height="5" patternUnits="userSpaceOnUse">
            <circle cx="2.5" cy="2.5" r="1" fill="white" fillOpacity="0.7" />
          </pattern>
          <pattern
            id={`${id}-gap`}
            width="8"
            height="8"
            patternUnits="userSpaceOnUse"
            patternTransform="rotate(-45)"
          >
            <line x1="0" y1="0" x2="0" y2="8" stroke="currentColor" strokeOpacity="0.25" strokeWidth="1" />
          </pattern>
        </defs>
        {drawn.fills.map(([state, d]) => (
          <path key={state} d={d} className={FILL[state]} />
        ))}
        {drawn.patterns.map(([pattern, d]) => (
          <path key={pattern} d={d} fill={`url(#${id}-${pattern})`} />
        ))}
        {overlay.map((o) => {
          const left = x(o.start)
          const box = {
            x: left,
            y: top + height * 0.45,
            width: Math.max(0.4, x(o.end) - left),
            height: height * 0.55,
          }
          const pattern = o.pattern === 'stripes' ? 'hatch' : o.pattern === 'solid' ? null : o.pattern
          return (
            <g key={`reason-${o.start}`}>
              <rect {...box} fill={o.colour} />
              {pattern && <rect {...box} fill={`url(#${id}-${pattern})`} />}
            </g>
          )
        })}
        {current && (
          <rect
            x={x(current.start)}
            y={top}
            width={Math.max(1, x(current.end) - x(current.start))}
            height={height}
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            vectorEffect="non-scaling-stroke"
          />
        )}
        {marks.map((s) => (
          <path
            key={`mark-${s.start}`}
            d={`M${(x(s.start) + x(s.end)) / 2 - 5} 0h10l-5 8z`}
            className="fill-gray-900 dark:fill-gray-100"
          />
        ))}
      </svg>
      {ticks.length > 0 && <TimeAxis from={from} till={till} ticks={ticks} />}
      {compact && current && (
        <p
          role="status"
          className="absolute top-full left-0 z-20 mt-1 rounded border border-gray-400 bg-white px-2 py-1 text-sm shadow dark:border-gray-600 dark:bg-gray-900"
        >
          {segmentInWords(current, timeZone, t)}
        </p>
      )}
      {!compact && (
        <figcaption id={`${id}-now`} className="min-h-6 text-sm" aria-live="polite">
          {current ? (
            <span>
              <span aria-hidden="true">
                {current.state === 'unrecorded' ? '' : `${STATE_ICONS[current.state]} `}
              </span>
              {segmentInWords(current, timeZone, t)}
            </span>
          ) : (
            <span className="text-gray-700 dark:text-gray-300">{t('stateTimeline.hint')}</span>
          )}
        </figcaption>
      )}
    </figure>
  )
}

/** Labelled moments under a strip (or above rows of strips): midnights or hours. */
export function TimeAxis({
  from,
  till,
  ticks,
}: {
  from: number
  till: number
  ticks: ReadonlyArray<{ at: number; label: string }>
}) {
  const share = shareOf(from, till)
  return (
    <div aria-hidden="true" className="relative h-5 text-xs text-gray-700 tabular-nums dark:text-gray-300">
      {ticks
        .filter((t) => share(t.at) < 0.94)
        .map((t, i) => (
          // each mark's box reaches to the strip's end and shows one line: a label longer than the room
          // left (on a phone, the last of them) wraps past the empty item of a line's height before it,
          // onto the hidden second line, instead of running past the strip's end and the screen's
          <span
            key={t.at}
            // every other mark only where there is room for it
            className={`absolute top-0 right-0 flex h-5 flex-wrap overflow-hidden border-l border-gray-500 pl-1 leading-5 ${i % 2 ? 'max-sm:hidden' : ''}`}
            style={{ left: `${share(t.at) * 100}%` }}
          >
            <span className="h-5" />
            <span className="whitespace-nowrap">{t.label}</span>
          </span>
        ))}
    </div>
  )
}
