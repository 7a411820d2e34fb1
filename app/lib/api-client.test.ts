import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Session } from '#common/schemas/users.ts'
import { apiRequest, ApiError } from './api-client.ts'
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
