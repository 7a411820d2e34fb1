import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Session } from '#common/schemas/users.ts'
import { ApiError } from './api-client.ts'
import {
  loadAsAdmin,
  pathOf,
  requireAdmin,
  requireSession,
  signInPath,
  withSignIn,
} from './guards.ts'
import { clearSession, saveSession } from './session.ts'

const user: Session = {
  _id: 'u1',
  name: 'Uma',
  email: 'uma@example.com',
  isAdmin: false,
  token: 'user-token',
}
const admin: Session = { ...user, _id: 'a1', isAdmin: true, token: 'admin-token' }

function fakeWindow() {
  const items = new Map<string, string>()
  return {
    localStorage: {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    },
    addEventListener: () => {},
    removeEventListener: () => {},
  }
}

function thrownBy(run: () => unknown): unknown {
  try {
    run()
  } catch (error) {
    return error
  }
  throw new Error('expected a throw')
}

const locationOf = (thrown: unknown) => {
  expect(thrown).toBeInstanceOf(Response)
  const response = thrown as Response
  expect(response.status).toBe(302)
  return response.headers.get('Location')
}

beforeEach(() => {
  vi.stubGlobal('window', fakeWindow())
  clearSession()
})
afterEach(() => vi.unstubAllGlobals())

describe('requireSession', () => {
  it('sends a signed-out visitor to sign in and back to the profile', () => {
    const thrown = thrownBy(() => requireSession(new Request('http://localhost/profile')))
    expect(locationOf(thrown)).toBe('/signin?redirect=/profile')
  })

  it('returns the stored session', () => {
    saveSession(user)
    expect(requireSession(new Request('http://localhost/profile'))).toEqual(user)
  })
})

describe('requireAdmin', () => {
  it('sends a signed-out visitor to sign in, keeping the page and its query', () => {
    const thrown = thrownBy(() =>
      requireAdmin(new Request('http://localhost/admin/websites?page=2')),
    )
    expect(locationOf(thrown)).toBe('/signin?redirect=/admin/websites%3Fpage%3D2')
  })

  it('sends a signed-in non-admin to sign in', () => {
    saveSession(user)
    const thrown = thrownBy(() => requireAdmin(new Request('http://localhost/admin/dashboard')))
    expect(locationOf(thrown)).toBe('/signin?redirect=/admin/dashboard')
  })

  it('lets an admin through', () => {
    saveSession(admin)
    expect(requireAdmin(new Request('http://localhost/admin/dashboard')).token).toBe('admin-token')
  })
})

describe('withSignIn', () => {
  const request = new Request('http://localhost/admin/users')

  it('returns what the request returns', async () => {
    await expect(withSignIn(request, async () => 42)).resolves.toBe(42)
  })

  it('turns a refused token into a redirect to sign in', async () => {
    const thrown = await withSignIn(request, async () => {
      throw new ApiError('Not signed in', 401)
    }).catch((error: unknown) => error)
    expect(locationOf(thrown)).toBe('/signin?redirect=/admin/users')
  })

  it('passes other errors on for the error state', async () => {
    await expect(
      withSignIn(request, async () => {
        throw new ApiError('Admins only', 403)
      }),
    ).rejects.toThrow('Admins only')
  })
})

describe('loadAsAdmin', () => {
  const request = new Request('http://localhost/admin/clients?page=2')

  it('sends a non-admin to sign in before anything is loaded', async () => {
    saveSession(user)
    const load = vi.fn(async () => 42)
    const thrown = await loadAsAdmin(request, load).catch((error: unknown) => error)
    expect(locationOf(thrown)).toBe('/signin?redirect=/admin/clients%3Fpage%3D2')
    expect(load).not.toHaveBeenCalled()
  })

  it("loads an admin's screen, and sends a refused token to sign in", async () => {
    saveSession(admin)
    await expect(loadAsAdmin(request, async () => 42)).resolves.toBe(42)
    const thrown = await loadAsAdmin(request, async () => {
      throw new ApiError('Not signed in', 401)
    }).catch((error: unknown) => error)
    expect(locationOf(thrown)).toBe('/signin?redirect=/admin/clients%3Fpage%3D2')
  })
})

describe('signInPath', () => {
  it('keeps slashes readable and encodes the rest of the query', () => {
    expect(signInPath('/profile')).toBe('/signin?redirect=/profile')
    expect(signInPath('/admin/websites?page=2')).toBe('/signin?redirect=/admin/websites%3Fpage%3D2')
  })

  it('round-trips through the query string', () => {
    const url = new URL(signInPath('/admin/messages?page=3&x=y'), 'http://localhost')
    expect(url.searchParams.get('redirect')).toBe('/admin/messages?page=3&x=y')
  })

  it('takes the path and query of a request', () => {
    expect(pathOf(new Request('http://localhost/admin/users?page=4'))).toBe('/admin/users?page=4')
  })
})
