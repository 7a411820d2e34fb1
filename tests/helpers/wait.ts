/**
 * Options for `vi.waitFor` where a test waits for work the app finishes after answering: a mail, a
 * retry, a broadcast to another instance, a log line. The timeout only bounds how long a failing
 * test takes to say what it waited for: far beyond the work on a busy machine, and under the
 * test's own timeout, which would otherwise end the test first with less to say.
 */
export const ASYNC_WORK = { timeout: 45_000, interval: 25 }

/** `value` once it is there; until then throws, so `vi.waitFor` tries again (naming `what`). */
export function found<T>(value: T | null | undefined, what: string): T {
  if (value === undefined || value === null) throw new Error(`still waiting for ${what}`)
  return value
}
