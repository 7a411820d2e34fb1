/** HTTP requests to a running server (a started build, or an app listening on a port). */
import { expect } from 'vitest'
import { SessionSchema } from '#common/schemas/users.ts'
import { bearer } from './auth.ts'

export interface CallResult {
  status: number
  headers: Headers
  text: string
  /** The parsed JSON body, or undefined when the body is not JSON. */
  json: unknown
  ms: number
}

export interface CallOptions {
  body?: unknown
  headers?: Record<string, string>
  timeoutMs?: number
}

/** One HTTP request to a running server; JSON in and out. Network failures reject. */
export async function call(
  baseUrl: string,
  method: string,
  urlPath: string,
  { body, headers = {}, timeoutMs = 15_000 }: CallOptions = {},
): Promise<CallResult> {
  const started = performance.now()
  const isForm = body instanceof FormData
  const res = await fetch(`${baseUrl}${urlPath}`, {
    method,
    headers:
      body === undefined || isForm ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  })
  const text = await res.text()
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    json = undefined
  }
  return { status: res.status, headers: res.headers, text, json, ms: performance.now() - started }
}

/**
 * Signs in on a running server (system tests sign in their seeded admin this way); fails the test
 * unless it answers 200. `headers` go with the request (a client address in X-Forwarded-For).
 */
export async function signInOverHttp(
  baseUrl: string,
  credentials: { email: string; password: string },
  headers: Record<string, string> = {},
) {
  const { email, password } = credentials
  const res = await call(baseUrl, 'POST', '/api/users/signin', {
    body: { email, password },
    headers,
  })
  expect(res.status, res.text).toBe(200)
  const session = SessionSchema.parse(res.json)
  return { ...session, headers: bearer(session.token) }
}

/** Every stored message id, read page by page through the admin API. */
export async function allMessageIds(
  baseUrl: string,
  adminHeaders: Record<string, string>,
): Promise<Set<string>> {
  const ids = new Set<string>()
  for (let page = 1, pages = 1; page <= pages; page++) {
    const res = await call(baseUrl, 'GET', `/api/messages/admin?page=${page}`, {
      headers: adminHeaders,
    })
    if (res.status !== 200)
      throw new Error(`GET /api/messages/admin?page=${page}: ${res.status} ${res.text}`)
    const body = res.json as { messages: { _id: string }[]; pages: number }
    for (const m of body.messages) ids.add(m._id)
    pages = body.pages
  }
  return ids
}
