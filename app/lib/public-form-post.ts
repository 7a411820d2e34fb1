/**
 * The server half of a public page's form post (contact, testimonial): the posted text fields, and
 * what a service's refusal tells the visitor. Field checks use `validate` (form-errors.ts), the
 * same schema the API uses.
 */

/** The named text fields of a posted form: '' for a missing field or a file. */
export function postedFields<F extends string>(
  form: FormData,
  fields: readonly F[],
): Record<F, string> {
  const values = {} as Record<F, string>
  for (const field of fields) {
    const value = form.get(field)
    values[field] = typeof value === 'string' ? value : ''
  }
  return values
}

export interface ServiceFailure {
  status: number
  /** A refusal's own headers (a 429's Retry-After). */
  headers: Record<string, string>
  /** A refusal's own message; for a failure (500 or an unknown error), a generic one, and it is logged. */
  detail: string
}

/** What a service error (an HttpError, or anything else as a 500) answers a form post with. */
export function serviceFailure(error: unknown): ServiceFailure {
  let status = 500
  let headers: Record<string, string> = {}
  if (error && typeof error === 'object' && 'statusCode' in error) {
    const refusal = error as { statusCode: unknown; headers?: unknown }
    if (typeof refusal.statusCode === 'number') {
      status = refusal.statusCode
      headers = (refusal.headers ?? {}) as Record<string, string>
    }
  }
  if (status >= 500) console.error(error)
  const detail =
    status < 500 && error instanceof Error ? error.message : 'please try again in a moment'
  return { status, headers, detail }
}

/**
 * The headers of a page with a form: its loader's (VISITOR_PAGE_HEADER, common/public-pages.ts)
 * and its action's (a refusal's Retry-After).
 */
export function formPageHeaders({
  loaderHeaders,
  actionHeaders,
}: {
  loaderHeaders: Headers
  actionHeaders: Headers
}): Headers {
  const headers = new Headers(loaderHeaders)
  for (const [name, value] of actionHeaders) headers.set(name, value)
  return headers
}
