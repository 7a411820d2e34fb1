import type { FastifyBaseLogger } from 'fastify'

/** Work tracked by any service of this process that has not settled yet. */
let inFlightEverywhere = 0

/**
 * Whether any service is still doing work it started after answering (the outbox's sender going
 * through what a burst queued, say): the process is not idle yet (server/lib/idle-memory.ts).
 */
export const isBackgroundWorkInFlight = () => inFlightEverywhere > 0

/**
 * Work a service starts after answering (a mail, a first send attempt) or a job runs: tracked,
 * so closing the app, and tests, can wait until it has settled. The one way the server keeps
 * track of work in flight.
 */
export function createBackgroundWork() {
  const inFlight = new Set<Promise<unknown>>()
  function track<T>(work: Promise<T>): Promise<T> {
    inFlight.add(work)
    inFlightEverywhere += 1
    void work
      .finally(() => {
        inFlight.delete(work)
        inFlightEverywhere -= 1
      })
      .catch(() => {})
    return work
  }
  return {
    /** Tracks `work` until it settles, and hands it back. */
    track,
    /** Starts tracking `work` after answering; a failure is logged as `failure` with `context`. */
    run(
      work: Promise<unknown>,
      log: Pick<FastifyBaseLogger, 'error'>,
      failure: string,
      context: Record<string, unknown> = {},
    ): void {
      void track(work).catch((err: unknown) => log.error({ err, ...context }, failure))
    },
    /** Resolves once everything tracked so far has settled. */
    async settled(): Promise<void> {
      await Promise.allSettled([...inFlight])
    },
  }
}
