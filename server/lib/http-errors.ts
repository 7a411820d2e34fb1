/**
 * Errors a service throws; the error handler answers them with their status and `{ message }`,
 * the message prefixed by the field a 400 is about ("email: ..."), as a validation error's is.
 * A page's action reads `field` and `code` instead of the message's words.
 */

/** What a page tells apart from other refusals of the same status. */
export type HttpErrorCode = 'slot_taken'

export interface HttpErrorDetails {
  /** The refusal's own headers (a 429's Retry-After). */
  headers?: Record<string, string>
  code?: HttpErrorCode
  /** The posted field the refusal is about; the message then says what is wrong with it. */
  field?: string
}

export class HttpError extends Error {
  readonly headers: Record<string, string>
  readonly code?: HttpErrorCode
  readonly field?: string

  constructor(
    readonly statusCode: number,
    message: string,
    { headers = {}, code, field }: HttpErrorDetails = {},
  ) {
    super(message)
    this.name = 'HttpError'
    this.headers = headers
    if (code) this.code = code
    if (field) this.field = field
  }
}

/** The API's message of a refusal about `field`: the field's name first, for lookups. */
export const prefixField = (field: string | undefined, text: string) =>
  field ? `${field}: ${text}` : text

type Details = Omit<HttpErrorDetails, 'headers'>

export const badRequest = (message: string, details?: Details) =>
  new HttpError(400, message, details)
export const unauthorized = (message = 'Not authorized, please sign in') =>
  new HttpError(401, message)
export const forbidden = (message = 'Not authorized as an admin') => new HttpError(403, message)
export const notFound = (message = 'Not found') => new HttpError(404, message)
export const conflict = (message: string, details?: Details) => new HttpError(409, message, details)
export const gone = (message: string) => new HttpError(410, message)
export const payloadTooLarge = (message: string, details?: Details) =>
  new HttpError(413, message, details)
export const badGateway = (message: string) => new HttpError(502, message)
