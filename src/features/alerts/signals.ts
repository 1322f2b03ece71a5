import { useEffect, useRef, useSyncExternalStore } from 'react'
import type { AlertList } from '../../api/alerts/alerts'
import { useT } from '../../components/i18n'
import { isQuiet } from '../../lib/quiet-hours'
import { causeWords, detailWords } from './alert-words'

/** This browser's own choices: a sound for a new alert (outside quiet hours) and browser notifications. */
const SOUND_KEY = 'stitchboard.alert-sound'
const NOTIFY_KEY = 'stitchboard.alert-notifications'

const listeners = new Set<() => void>()
const read = (key: string) => {
  try {
    return localStorage.getItem(key) === 'on'
  } catch {
    return false
  }
}
const write = (key: string, on: boolean) => {
  try {
    localStorage.setItem(key, on ? 'on' : 'off')
  } catch {
    // private mode: for this page only
  }
  for (const listener of listeners) listener()
}
const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export const useSoundChoice = () =>
  useSyncExternalStore(
    subscribe,
    () => read(SOUND_KEY),
    () => false,
  )
export const useNotifyChoice = () =>
  useSyncExternalStore(
    subscribe,
    () => read(NOTIFY_KEY),
    () => false,
  )

let audio: AudioContext | null = null
/** Two short tones (the click that turns the sound on also unlocks audio in the browser). */
export function chime() {
  try {
    audio ??= new AudioContext()
    const start = audio.currentTime
    for (const [i, frequency] of [880, 660].entries()) {
      const tone = audio.createOscillator()
      const gain = audio.createGain()
      tone.frequency.value = frequency
      gain.gain.setValueAtTime(0.2, start + i * 0.25)
      gain.gain.exponentialRampToValueAtTime(0.001, start + i * 0.25 + 0.22)
      tone.connect(gain).connect(audio.destination)
      tone.start(start + i * 0.25)
      tone.stop(start + i * 0.25 + 0.23)
    }
  } catch {
    // no audio on this device
  }
}

export function setSound(on: boolean) {
  write(SOUND_KEY, on)
  if (on) chime()
}

/** Why notifications could not be turned on (the page says it in its words). */
export type NotifyProblem = 'unsupported' | 'refused'

export async function setNotify(on: boolean): Promise<NotifyProblem | null> {
  if (!on) {
    write(NOTIFY_KEY, false)
    return null
  }
  if (typeof Notification === 'undefined') return 'unsupported'
  const permission = await Notification.requestPermission()
  if (permission !== 'granted') return 'refused'
  write(NOTIFY_KEY, true)
  return null
}

/** Sounds and notifies once for each alert that appears while the page is open (not for those already
 * there when it opened). */
export function useAlertSignals(list: AlertList | undefined, timeZone: string | undefined) {
  const { t } = useT()
  const seen = useRef<Set<number> | null>(null)
  const sound = useSoundChoice()
  const notify = useNotifyChoice()
  useEffect(() => {
    if (!list) return
    const open = list.alerts.filter((a) => a.clearedAt === null)
    if (seen.current === null) {
      seen.current = new Set(open.map((a) => a.id))
      return
    }
    const fresh = open.filter((a) => !seen.current!.has(a.id))
    for (const a of open) seen.current.add(a.id)
    if (fresh.length === 0) return
    if (sound && !(timeZone && isQuiet(list.quietHours, Date.now(), timeZone))) chime()
    if (notify && typeof Notification !== 'undefined' && Notification.permission === 'granted') {
      for (const a of fresh)
        new Notification(`${a.machineName} — ${causeWords(a, t)}`, {
          body: timeZone ? detailWords(a, timeZone, t) : causeWords(a, t),
          tag: `alert-${a.id}`,
        })
    }
  }, [list, sound, notify, timeZone, t])
}
