/**
 * A screen's part read in its route's loader: what it shows, or the message of the request that
 * failed, so one failing request leaves the rest of the screen standing. A 401 still throws, for
 * `withSignIn` to send the browser to sign in.
 */
import { ApiError, messageOf } from './api-client.ts'

export type Settled<T> = { ok: true; value: T } | { ok: false; message: string }

export function settle<T>(request: Promise<T>): Promise<Settled<T>> {
  return request.then(
    (value) => ({ ok: true, value }),
    (error: unknown) => {
      if (error instanceof ApiError && error.status === 401) throw error
      return { ok: false, message: messageOf(error) }
    },
  )
}

/** `settle` for each request of a record, all at once: the record of their outcomes. */
export async function settleEach<T extends Record<string, unknown>>(requests: {
  [K in keyof T]: Promise<T[K]>
}): Promise<{ [K in keyof T]: Settled<T[K]> }> {
  const outcomes = await Promise.all(
    Object.entries<Promise<unknown>>(requests).map(
      async ([key, request]) => [key, await settle(request)] as const,
    ),
  )
  return Object.fromEntries(outcomes) as { [K in keyof T]: Settled<T[K]> }
}
