/**
 * When a mail that failed is worth another try, and how long to wait first: the rules the
 * newsletter's deliveries and the contact acknowledgements share (both are queues in the database).
 */

/** Attempts of one mail before a temporary failure counts as failed. */
const MAIL_MAX_ATTEMPTS = 5
/** The wait before the first retry, doubled for each one after. */
const MAIL_RETRY_BASE_MS = 60_000

/**
 * A temporary failure, worth another try: the SMTP server answered 4xx, or no answer at all (a
 * connection refused, reset or timed out). A 5xx answer is permanent.
 */
export function isTemporaryMailFailure(error: unknown): boolean {
  const code =
    error && typeof error === 'object' && 'responseCode' in error
      ? Number(error.responseCode)
      : undefined
  if (code === undefined || Number.isNaN(code)) return true
  return code >= 400 && code < 500
}

/** What is stored of a failure: its message, bounded. */
export const mailFailureText = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 500)

/**
 * When the next attempt of a mail that failed its `attempts`-th try is due, or null when it is not
 * to be tried again (a permanent failure, or the last attempt).
 */
export function nextMailAttemptAt(error: unknown, attempts: number, now: Date): Date | null {
  if (!isTemporaryMailFailure(error) || attempts >= MAIL_MAX_ATTEMPTS) return null
  return new Date(now.getTime() + MAIL_RETRY_BASE_MS * 2 ** (attempts - 1))
}
