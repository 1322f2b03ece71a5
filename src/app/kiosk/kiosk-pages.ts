import type { KioskAddresses } from '../../features/kiosk/kiosk-params'
import { PAGES, pageAddress } from '../pages'

/** Where each page a wall can show lives: the address of the registry's page that names it. Here, not
 * beside the registry, so the shell does not carry it. */
export const kioskAddresses = (): KioskAddresses =>
  Object.fromEntries(
    PAGES.flatMap((entry) => (entry.kiosk ? [[entry.kiosk, pageAddress(entry)]] : [])),
  ) as KioskAddresses
