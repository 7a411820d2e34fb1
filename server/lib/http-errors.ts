/** Errors a service throws; the error handler answers them with their status and `{ message }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
    this.name = 'HttpError'
  }
}

export const badRequest = (message: string) => new HttpError(400, message)
export const unauthorized = (message = 'Not authorized, please sign in') =>
  new HttpError(401, message)
export const forbidden = (message = 'Not authorized as an admin') => new HttpError(403, message)
export const notFound = (message = 'Not found') => new HttpError(404, message)
export const conflict = (message: string) => new HttpError(409, message)
export const payloadTooLarge = (message: string) => new HttpError(413, message)
export const badGateway = (message: string) => new HttpError(502, message)
