import { useLiveUpdates } from '../api/live/live'

/** The server's live stream of machine changes, for the app's lifetime (loaded after the first paint). */
export default function LiveUpdates() {
  useLiveUpdates()
  return null
}
