const UNIQUE_VIOLATION = '23505'

/** True when the error (or one it wraps: Drizzle wraps driver errors) is a unique-constraint violation. */
export function isUniqueViolation(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === UNIQUE_VIOLATION) return true
  }
  return false
}
