const UNIQUE_VIOLATION = new Set(['23505'])

type ErrorLike = { code?: unknown; message?: unknown; cause?: unknown }

/** The error and every error it wraps (Drizzle and pg wrap driver errors in `cause`), once each. */
export function* errorChain(error: unknown): Generator<ErrorLike> {
  const seen = new Set<unknown>()
  for (
    let e = error;
    e !== null && typeof e === 'object' && !seen.has(e);
    e = (e as ErrorLike).cause
  ) {
    seen.add(e)
    yield e as ErrorLike
  }
}

/** True when the error, or one it wraps, carries one of these PostgreSQL error codes. */
export function hasErrorCode(error: unknown, codes: ReadonlySet<string>): boolean {
  for (const e of errorChain(error))
    if (typeof e.code === 'string' && codes.has(e.code)) return true
  return false
}

/** True when the error (or one it wraps) is a unique-constraint violation. */
export const isUniqueViolation = (error: unknown) => hasErrorCode(error, UNIQUE_VIOLATION)

const FOREIGN_KEY_VIOLATION = '23503'

/**
 * The name of the foreign-key constraint the error (or one it wraps) violated: a row named a row
 * of another table that does not exist (or no longer does). Undefined for any other error.
 */
export function violatedForeignKey(error: unknown): string | undefined {
  for (const e of errorChain(error)) {
    if (e.code !== FOREIGN_KEY_VIOLATION) continue
    const { constraint } = e as { constraint?: unknown }
    return typeof constraint === 'string' ? constraint : ''
  }
  return undefined
}
