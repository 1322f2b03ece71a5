import { importWithRetry } from './chunk-retry'
import { messages } from './i18n'
import type { PageModule } from './message-pieces'

/** A piece of the app loaded when first shown, with the messages it shows (src/components/message-pieces.ts). A
 * page's code that cannot be fetched is tried again twice; then the page says so and reloads itself when
 * the server is back (RouteError). */
export const withMessages =
  <T>(path: PageModule, load: () => Promise<T>) =>
  () =>
    Promise.all([importWithRetry(load), messages.need([path])]).then(([module]) => module)
