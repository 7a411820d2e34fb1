/**
 * The server half of every public page's form (contact, booking, testimonial, newsletter): one
 * path for a post. It counts the post against the API door's own limit, checks the fields with the
 * API's schema, calls the service, and answers a refusal with its status and headers (a 429's
 * Retry-After), its message, and the message on the field the service names (`field`).
 */
import { data } from 'react-router'
import type { z } from 'zod'
import type { HttpErrorCode } from '#server/lib/http-errors.ts'
import { parseValue, type FieldErrors } from './form.ts'

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

export interface Refusal {
  status: number
  /** The refusal's own headers (a 429's Retry-After). */
  headers: Record<string, string>
  /** What is wrong (for a field, with it); for a failure (500 or an unknown error), a generic text. */
  message: string
  fieldErrors: FieldErrors
  code?: HttpErrorCode
}

/**
 * A service's HttpError, known by its shape: the pages are a bundle of their own, whose copy of
 * the class would not be the services'.
 */
interface ServiceError extends Error {
  statusCode: number
  headers?: Record<string, string>
  code?: HttpErrorCode
  field?: string
}

const isServiceError = (error: unknown): error is ServiceError =>
  error instanceof Error && typeof (error as Partial<ServiceError>).statusCode === 'number'

/** What a service error answers a page's post with; a failure is logged. */
export function refusalOf(error: unknown): Refusal {
  const known = isServiceError(error) ? error : undefined
  const status = known?.statusCode ?? 500
  const headers = known?.headers ?? {}
  if (!known || status >= 500) {
    console.error(error)
    return { status, headers, message: 'please try again in a moment', fieldErrors: {} }
  }
  const { message, code, field } = known
  return { status, headers, message, fieldErrors: field ? { [field]: message } : {}, code }
}

interface PublicForm<S extends z.ZodType, T, A, R> {
  /** Counts the post, valid or not, against the API door's limit (throws its 429). */
  count: () => Promise<unknown>
  schema: S
  values: unknown
  submit: (body: z.output<S>) => Promise<T>
  accepted: (result: T, body: z.output<S>) => A
  refused: (refusal: Refusal) => R
}

/** Counts, checks and submits a page's post, and answers it as the page shows it. */
export async function answerPublicForm<S extends z.ZodType, T, A, R>(form: PublicForm<S, T, A, R>) {
  let refusal: Refusal
  try {
    await form.count()
    const parsed = parseValue(form.schema, form.values)
    if (parsed.ok) {
      const result = await form.submit(parsed.data)
      // Explicit: the loader that runs after the post may answer otherwise (a used link's 410).
      return data<A | R>(form.accepted(result, parsed.data), { status: 200 })
    }
    const message = Object.values(parsed.errors).find(Boolean) ?? 'please check the form'
    refusal = { status: 400, headers: {}, message, fieldErrors: parsed.errors }
  } catch (error) {
    refusal = refusalOf(error)
  }
  return data<A | R>(form.refused(refusal), { status: refusal.status, headers: refusal.headers })
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
