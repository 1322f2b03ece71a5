import { useEffect, useRef, useState } from 'react'
import { isExceptionTurn } from './wall-rotation'

/** How often a turn that waits for its page looks again. */
const READY_CHECK_MS = 250

/** Where the rotation is in `rotation`: at the turn it shows, wherever that turn now is (a page before it
 * may have gained or lost a screen). A screen that is gone (its page is shorter now) gives way to the
 * page's last screen; a page that is gone, to the same place in the list. */
function placeOf(rotation: readonly string[], at: { position: number; turn: string | undefined }): number {
  if (at.turn === undefined) return at.position % Math.max(1, rotation.length)
  const found = rotation.indexOf(at.turn)
  if (found >= 0) return found
  const [page, screen] = at.turn.split(':')
  const before = rotation.findLastIndex((turn) => {
    const [p, s] = turn.split(':')
    return p === page && Number(s) <= Number(screen)
  })
  return before >= 0 ? before : at.position % Math.max(1, rotation.length)
}

/** Which page shows: the next one every `dwellMs`, without reloading. When the exception page joins
 * the rotation it is shown at once; a pending version reload happens at a rotation boundary.
 *
 * The turn shown stays shown when the rotation changes under it: a page out of sight that needs a screen
 * more or less (a machine called out, a row added) moved every later turn by one, and the wall jumped to
 * another page in the middle of its turn.
 *
 * A turn whose page is not drawn yet (`ready` says no: its code, messages or first data still loading)
 * waits for it, and the page shown stays, for at most one more dwell: the wall never shows an empty or
 * loading screen where a page will be a moment later. */
export function useRotation(
  rotation: readonly string[],
  dwellMs: number,
  atBoundary?: () => void,
  ready?: (turn: string) => boolean,
) {
  const [state, setState] = useState(() => ({
    position: 0,
    turn: rotation[0],
    startedAt: Date.now(),
  }))
  const hasExceptions = isExceptionTurn(rotation[0])
  const boundary = useRef(atBoundary)
  boundary.current = atBoundary
  const latest = useRef({ rotation, ready })
  latest.current = { rotation, ready }
  // the exception page appears: show it now; it goes: carry on from the first listed page
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of hasExceptions restarts here
  useEffect(() => {
    setState({ position: 0, turn: latest.current.rotation[0], startedAt: Date.now() })
  }, [hasExceptions])
  useEffect(() => {
    const due = state.startedAt + dwellMs
    let timer: ReturnType<typeof setTimeout>
    const turn = () => {
      const { rotation: turns, ready: isReady } = latest.current
      const here = placeOf(turns, state)
      const next = (here + 1) % Math.max(1, turns.length)
      const waiting = next !== here && isReady !== undefined && !isReady(turns[next]!)
      if (waiting && Date.now() < due + dwellMs) {
        timer = setTimeout(turn, READY_CHECK_MS)
        return
      }
      boundary.current?.()
      setState({ position: next, turn: turns[next], startedAt: Date.now() })
    }
    timer = setTimeout(turn, Math.max(0, due - Date.now()))
    return () => clearTimeout(timer)
  }, [state, dwellMs])
  return { position: placeOf(rotation, state), startedAt: state.startedAt }
}
