import { createContext, type ReactNode, useContext, useEffect, useState } from 'react'

/** Unix seconds, advanced once a minute for the whole app: the one clock that open time ranges and
 * "3 min ago" labels follow (no timer per widget). */
const NowContext = createContext<number>(Math.floor(Date.now() / 1000))

export function NowProvider({ children, intervalMs = 60_000 }: { children: ReactNode; intervalMs?: number }) {
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000))
  useEffect(() => {
    const timer = setInterval(() => setNow(Math.floor(Date.now() / 1000)), intervalMs)
    return () => clearInterval(timer)
  }, [intervalMs])
  return <NowContext.Provider value={now}>{children}</NowContext.Provider>
}

export const useNow = () => useContext(NowContext)
