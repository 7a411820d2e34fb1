import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Session } from '#common/schemas/users.ts'
import { apiRequest, ApiError, fileNameOf } from './api-client.ts'
import { getSession, saveSession } from './session.ts'

const session: Session = {
  _id: 'u1',
  name: 'Ada',
  email: 'ada@example.com',
  isAdmin: false,
  token: 'tok',
}

const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  })

beforeEach(() => {
  const items = new Map<string, string>()
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    },
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => true,
  })
  saveSession(session)
})
afterEach(() => vi.unstubAllGlobals())

describe('apiRequest on a 401', () => {
  it('ends the session when the server refuses the token (invalid_token)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        answer(
          401,
          { message: 'Not authorized, token failed' },
          { 'www-authenticate': 'Bearer error="invalid_token"' },
        ),
      ),
    )
    await expect(apiRequest('/api/users/profile')).rejects.toEqual(
      new ApiError('Not authorized, token failed', 401),
    )
    expect(getSession()).toBeNull()
  })

  it('keeps the session when the token is fine but the request is refused', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(401, { message: 'Your current password is not correct' })),
    )
    await expect(apiRequest('/api/users/profile', { method: 'PUT', body: {} })).rejects.toEqual(
      new ApiError('Your current password is not correct', 401),
    )
    expect(getSession()).toEqual(session)
  })
})

describe('fileNameOf', () => {
  it('reads the UTF-8 name first, then the plain one', () => {
    expect(
      fileNameOf(`attachment; filename="Angebot f_r.pdf"; filename*=UTF-8''Angebot%20f%C3%BCr.pdf`),
    ).toBe('Angebot für.pdf')
    expect(fileNameOf('attachment; filename="invoice-2026-0001.pdf"')).toBe('invoice-2026-0001.pdf')
    expect(fileNameOf(`attachment; filename="a.txt"; filename*=UTF-8''%E0%A4%A.txt`)).toBe('a.txt')
    expect(fileNameOf(null)).toBeUndefined()
  })
})

describe('apiRequest with a FormData body', () => {
  it('sends it as it is, letting it set its own multipart type', async () => {
    const fetch = vi.fn(async (_path: string, _init: RequestInit) => answer(201, { ok: true }))
    vi.stubGlobal('fetch', fetch)
    const body = new FormData()
    body.append('file', new Blob(['x']), 'a.txt')
    await apiRequest('/api/clients/1/files', { method: 'POST', body })
    const init = fetch.mock.calls[0]![1]
    expect(init.body).toBe(body)
    expect(init.headers).not.toHaveProperty('content-type')
  })
})
