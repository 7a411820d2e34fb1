/**
 * How the sender reads a failed delivery (mail.service.ts): whether it is worth another try, and
 * what of it is stored for the owner's outbox list.
 */

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
