import { importWithRetry } from './chunk-retry'
import { messages } from './i18n'
import type { PageModule } from './message-pieces'

/** A piece of the app loaded when first shown, with the messages it shows (src/components/message-pieces.ts). A
 * page's code or messages that cannot be fetched are tried again twice; then the page says so and reloads itself when
 * the server is back (RouteError). */
export const withMessages =
  <T>(path: PageModule, load: () => Promise<T>) =>
  () =>
    Promise.all([importWithRetry(load), importWithRetry(() => messages.need([path]))]).then(
      ([module]) => module,
    )
