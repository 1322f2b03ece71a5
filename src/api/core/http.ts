import type * as z from 'zod/mini'
import { appPath, appUrl } from './base-path'
import { HttpError, NetworkError, UnexpectedResponseError } from './errors'
import type * as ZodParts from './zod-parts'

function fieldOf(path: readonly PropertyKey[]): string {
  return path.length === 0
    ? 'the answer'
    : path
        .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
        .join('')
        .replace(/^\./, '')
}

/** The first problem of a failed parse in words: the field and what is wrong with it. */
export function problemOf(error: z.core.$ZodError, value: unknown): { field: string; detail: string } {
  const issue = error.issues[0]!
  let at: unknown = value
  for (const key of issue.path) at = (at as Record<PropertyKey, unknown> | null | undefined)?.[key]
  const detail =
    issue.code === 'invalid_type'
      ? at === undefined
        ? 'is missing'
        : `should be ${issue.expected === 'int' ? 'a whole number' : issue.expected}`
      : 'is not as documented'
  return { field: fieldOf(issue.path), detail }
}

/** Parses `value` with `schema`, or throws UnexpectedResponseError naming the field. */
export function parseResponse<T extends z.ZodMiniType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  const { field, detail } = problemOf(result.error, value)
  throw new UnexpectedResponseError(field, detail)
}

/** fetch() for our own server, `input` a path of it (`/api/machines`, asked for under the base path): a
 * request that never got an answer becomes a NetworkError. */
export async function fetchFromServer(input: string, init: RequestInit): Promise<Response> {
  // a page that mounts asks for its answers together: each request starts in a task of its own, so a dozen
  // of them are not one long task that holds the first paint and the input (Chromium's scheduler.yield)
  const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } }
  if (scheduler?.yield) await scheduler.yield()
  try {
    return await fetch(appUrl(input), { ...init, headers: { Accept: 'application/json', ...init.headers } })
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error
    throw new NetworkError()
  }
}

/** Set once this page is on its way to the sign-in page: a page's requests refused together (a wall's
 * machines, alerts and pace at one poll) go once; a second navigation aborted the first. */
let leaving = false

function leaveForSignIn() {
  const { location } = globalThis
  // (the pages where an unknown browser signs in or is enrolled stay)
  if (!location || leaving || ['/sign-in', '/enrol'].includes(appPath(location.pathname))) return
  leaving = true
  const here = `${appPath(location.pathname)}${location.search}`
  location.assign(appUrl(`/sign-in?next=${encodeURIComponent(here)}`))
}

export async function send(input: string, init: RequestInit): Promise<unknown> {
  const response = await fetchFromServer(input, init)
  let body: unknown
  try {
    body = await response.json()
  } catch {
    if (!response.ok) throw new HttpError(response.status, `The server answered HTTP ${response.status}`)
    throw new UnexpectedResponseError('the answer', 'is not JSON')
  }
  if (!response.ok) {
    const message = (body as { error?: unknown } | null)?.error
    // once stitchboard has accounts, an unknown browser (signed out, its session ended, its device
    // revoked) goes to the sign-in page, which brings it back here
    if (response.status === 401 && (body as { reason?: unknown } | null)?.reason === 'who') leaveForSignIn()
    const reason = (body as { reason?: unknown } | null)?.reason
    throw new HttpError(
      response.status,
      typeof message === 'string' ? message : `The server answered HTTP ${response.status}`,
      typeof reason === 'string' ? reason : null,
    )
  }
  return body
}

/** A schema, or how to load it: zod and the answers' schemas load beside the first request that needs
 * them, so they are no part of a page's first load (the budget of `npm run bench:bundle`). */
export type SchemaOf<T extends z.ZodMiniType> = T | (() => Promise<T>)

const loaded = <T extends z.ZodMiniType>(schema: SchemaOf<T>): T | Promise<T> =>
  typeof schema === 'function' ? schema() : schema

/** Schemas built by `build` with zod, on first use (once; again after a failed load). */
export function lazySchemas<T>(build: (zod: typeof ZodParts) => T | Promise<T>): () => Promise<T> {
  let built: Promise<T> | undefined
  return () => {
    built ??= import('./zod-parts').then(build, (error: unknown) => {
      built = undefined
      throw error
    })
    return built
  }
}

/** GET a same-origin JSON resource and parse it at the edge. */
export async function getJson<T extends z.ZodMiniType>(
  path: string,
  schema: SchemaOf<T>,
  signal?: AbortSignal,
): Promise<z.infer<T>> {
  const [answer, parser] = await Promise.all([send(path, { signal: signal ?? null }), loaded(schema)])
  return parseResponse(parser, answer)
}
