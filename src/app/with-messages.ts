import { messages } from '../components/i18n'
import { importWithRetry } from './chunk-retry'
import type { PageModule } from './page-messages'

/** A piece of the app loaded when first shown, with the messages it shows (src/app/page-messages.ts). A
 * page's code that cannot be fetched is tried again twice; then the page says so and reloads itself when
 * the server is back (RouteError). */
export const withMessages =
  <T>(path: PageModule, load: () => Promise<T>) =>
  () =>
    Promise.all([importWithRetry(load), messages.need([path])]).then(([module]) => module)
