import { useLiveUpdates } from '../api/live/live'
import { useSeesBoard } from '../api/people/me'

/** The server's live stream of machine changes, for the app's lifetime (loaded after the first paint), for
 * a browser that may see the board. */
export default function LiveUpdates() {
  return useSeesBoard() ? <Stream /> : null
}

function Stream() {
  useLiveUpdates()
  return null
}
