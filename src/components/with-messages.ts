import { type ComponentType, type LazyExoticComponent, lazy } from 'react'
import { importWithRetry } from './chunk-retry'
import { messages } from './i18n'

/** A piece of the app loaded when first shown, with the messages it shows (src/components/message-pieces.ts):
 * `path` is the module `load` imports (the build checks it). A page's code or messages that cannot be fetched
 * are tried again twice; then the page says so and reloads itself when the server is back (RouteError). */
export const withMessages =
  <T>(path: string, load: () => Promise<T>) =>
  () =>
    Promise.all([importWithRetry(load), importWithRetry(() => messages.need([path]))]).then(
      ([module]) => module,
    )

/** A component of a piece loaded when first rendered, with its messages: `lazyPart(path, () => import(…),
 * (module) => module.Part)`, written beside its use. */
export const lazyPart = <M, P extends object>(
  path: string,
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): LazyExoticComponent<ComponentType<P>> =>
  lazy(() => withMessages(path, load)().then((module) => ({ default: pick(module) })))
