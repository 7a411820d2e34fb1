/**
 * Work a service starts after answering (a mail, a first send attempt): tracked, so closing the
 * app, and tests, can wait until it has settled.
 */
export function createBackgroundWork() {
  const inFlight = new Set<Promise<unknown>>()
  return {
    /** Tracks `work` until it settles, and hands it back. */
    track<T>(work: Promise<T>): Promise<T> {
      inFlight.add(work)
      void work.finally(() => inFlight.delete(work)).catch(() => {})
      return work
    },
    /** Resolves once everything tracked so far has settled. */
    async settled(): Promise<void> {
      await Promise.allSettled([...inFlight])
    },
  }
}
