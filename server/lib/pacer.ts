/**
 * Spaces out work to at most one item per `gapMs` (mails to an SMTP server that limits senders):
 * `next()` resolves when the next item may go, at once when the gap has already passed, and
 * `stop()` ends a wait early so a shutdown never waits for the pace.
 */
export function createPacer({
  gapMs,
  clockMs = Date.now,
  pause = (ms, onStop) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms)
      onStop(() => {
        clearTimeout(timer)
        resolve()
      })
    }),
}: {
  gapMs: number
  /** Milliseconds now; tests pass a clock that only their `pause` moves. */
  clockMs?: () => number
  /** Waits `ms`; calls the function it gets from `onStop` when the wait must end early. */
  pause?: (ms: number, onStop: (end: () => void) => void) => Promise<void>
}) {
  let lastAt = Number.NEGATIVE_INFINITY
  let endWait: (() => void) | undefined
  return {
    async next(): Promise<void> {
      const waitMs = lastAt + gapMs - clockMs()
      if (waitMs > 0) {
        await pause(waitMs, (end) => (endWait = end))
        endWait = undefined
      }
      lastAt = clockMs()
    },
    stop(): void {
      endWait?.()
    },
  }
}
