/**
 * Every browser request to the API goes through here: it adds the bearer token, parses JSON and
 * throws an ApiError carrying the server's `message` on any non-2xx answer.
 */
import { clearSession, getSession } from './session.ts'

export const GENERIC_ERROR_MESSAGE = 'Something went wrong, please try again'

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE'
  body?: unknown
  signal?: AbortSignal
}

/** The answer to one authenticated request; throws an ApiError on a network failure or a non-2xx. */
async function send(
  path: string,
  { method = 'GET', body, signal }: ApiRequestOptions,
  accept: string,
): Promise<Response> {
  const session = getSession()
  const headers: Record<string, string> = { accept }
  if (session) headers.authorization = `Bearer ${session.token}`
  // A FormData body (a file) sets its own multipart type, with its boundary.
  const isForm = body instanceof FormData
  if (body !== undefined && !isForm) headers['content-type'] = 'application/json'
  let response: Response
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined || isForm ? (body as FormData | undefined) : JSON.stringify(body),
      signal,
    })
  } catch {
    throw new ApiError('Network error: the server could not be reached', 0)
  }
  if (!response.ok) {
    const data: unknown = await response.json().catch(() => undefined)
    // A token the server no longer accepts (expired, user deleted, signed out everywhere) ends the
    // session; the server says so with RFC 6750's invalid_token, unlike a wrong current password.
    if (
      response.status === 401 &&
      session &&
      response.headers.get('www-authenticate')?.includes('invalid_token')
    )
      clearSession()
    throw new ApiError(errorMessage(data), response.status)
  }
  return response
}

export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const response = await send(path, options, 'application/json')
  return (await response.json().catch(() => undefined)) as T
}

/** The name a Content-Disposition gives: its UTF-8 `filename*` (RFC 6266), else its `filename`. */
export function fileNameOf(disposition: string | null): string | undefined {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1]
  if (encoded) {
    try {
      return decodeURIComponent(encoded)
    } catch {
      // A malformed escape: the plain name below.
    }
  }
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1]
}

/** A file the API answers with (a download), and the name its Content-Disposition gives it. */
async function apiFile(
  path: string,
  options: ApiRequestOptions = {},
): Promise<{ blob: Blob; fileName: string | undefined }> {
  const response = await send(path, options, '*/*')
  return {
    blob: await response.blob(),
    fileName: fileNameOf(response.headers.get('content-disposition')),
  }
}

/** Fetches a file the API answers with and hands it to the browser as a download. */
export async function downloadApiFile(
  path: string,
  fallbackName: string,
  options: ApiRequestOptions = {},
): Promise<void> {
  const { blob, fileName } = await apiFile(path, options)
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName ?? fallbackName
  document.body.append(link)
  link.click()
  link.remove()
  // After the click has handed the file over; revoking at once can cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}

export function errorMessage(data: unknown): string {
  if (
    data &&
    typeof data === 'object' &&
    'message' in data &&
    typeof data.message === 'string' &&
    data.message
  ) {
    return data.message
  }
  return GENERIC_ERROR_MESSAGE
}

/** The message to show for any thrown value. */
export const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : GENERIC_ERROR_MESSAGE
