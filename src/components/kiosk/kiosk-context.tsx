import { createContext, type ReactNode, useContext } from 'react'

/** Whether the page is shown on a wall monitor (/kiosk): no controls, larger cells. */
export interface KioskMode {
  on: boolean
  /** heatmap cell size in CSS px on the wall (large enough to write the counts in) */
  cell: number
  /** a page longer than the screen is split into screens that take turns in the rotation: the one to
   * show now (0 when the page is not on screen) */
  screen?: number
  /** how many screens the page needs (the rotation gives each a turn) */
  setScreens?: (count: number) => void
}

const KioskContext = createContext<KioskMode>({ on: false, cell: 18 })

export const KioskProvider = KioskContext.Provider
export const useKiosk = () => useContext(KioskContext)

/** Controls and disclosures: shown at a desk, left out on the wall where nobody can use them. */
export function NotInKiosk({ children }: { children: ReactNode }) {
  return useKiosk().on ? null : children
}
