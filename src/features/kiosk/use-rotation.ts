import { useEffect, useRef, useState } from 'react'

/** Which page shows: the next one every `dwellMs`, without reloading. When the exception page joins
 * the rotation it is shown at once; a pending version reload happens at a rotation boundary. */
export function useRotation(rotation: readonly string[], dwellMs: number, atBoundary?: () => void) {
  const [state, setState] = useState({ position: 0, startedAt: Date.now() })
  const hasExceptions = rotation[0] === 'exceptions'
  const boundary = useRef(atBoundary)
  boundary.current = atBoundary
  // the exception page appears: show it now; it goes: carry on from the first listed page
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of hasExceptions restarts here
  useEffect(() => {
    setState({ position: 0, startedAt: Date.now() })
  }, [hasExceptions])
  useEffect(() => {
    const timer = setTimeout(
      () => {
        boundary.current?.()
        setState((previous) => ({
          position: (previous.position + 1) % rotation.length,
          startedAt: Date.now(),
        }))
      },
      Math.max(0, state.startedAt + dwellMs - Date.now()),
    )
    return () => clearTimeout(timer)
  }, [state.startedAt, dwellMs, rotation.length])
  return { position: state.position % Math.max(1, rotation.length), startedAt: state.startedAt }
}
