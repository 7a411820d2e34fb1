import type { FastifyBaseLogger } from 'fastify'

/**
 * Work a service starts after answering (a mail, a first send attempt) or a job runs: tracked,
 * so closing the app, and tests, can wait until it has settled. The one way the server keeps
 * track of work in flight.
 */
export function createBackgroundWork() {
  const inFlight = new Set<Promise<unknown>>()
  function track<T>(work: Promise<T>): Promise<T> {
    inFlight.add(work)
    void work.finally(() => inFlight.delete(work)).catch(() => {})
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
