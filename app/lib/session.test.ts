import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Session } from '#common/schemas/users.ts'
import { clearSession, getSession, saveSession, SESSION_STORAGE_KEY } from './session.ts'

const session: Session = {
  _id: 'u1',
  name: 'Ada',
  email: 'ada@example.com',
  isAdmin: true,
  token: 'tok',
}

let items: Map<string, string>

beforeEach(() => {
  items = new Map()
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    },
    addEventListener: () => {},
    removeEventListener: () => {},
  })
})
afterEach(() => vi.unstubAllGlobals())

describe('session store', () => {
  it('is empty when nothing is stored', () => {
    expect(getSession()).toBeNull()
  })

  it('stores the session under userInfo and reads it back', () => {
    saveSession(session)
    expect(JSON.parse(items.get(SESSION_STORAGE_KEY)!)).toEqual(session)
    expect(SESSION_STORAGE_KEY).toBe('userInfo')
    expect(getSession()).toEqual(session)
  })

  it('keeps only the session fields', () => {
    saveSession({ ...session, password: 'secret' } as Session)
    expect(Object.keys(JSON.parse(items.get(SESSION_STORAGE_KEY)!)).sort()).toEqual([
      '_id',
      'email',
      'isAdmin',
      'name',
      'token',
    ])
  })

  it('restores a session written before start (as after a reload)', () => {
    items.set(SESSION_STORAGE_KEY, JSON.stringify({ ...session, name: 'Restored' }))
    expect(getSession()?.name).toBe('Restored')
  })

  it('returns the same object while the stored value is unchanged', () => {
    saveSession(session)
    expect(getSession()).toBe(getSession())
  })

  it('ignores corrupt or incomplete stored values', () => {
    items.set(SESSION_STORAGE_KEY, '{not json')
    expect(getSession()).toBeNull()
    items.set(SESSION_STORAGE_KEY, JSON.stringify({ name: 'Ada', token: 'tok' }))
    expect(getSession()).toBeNull()
    items.set(SESSION_STORAGE_KEY, JSON.stringify({ ...session, isAdmin: 'yes' }))
    expect(getSession()).toBeNull()
  })

  it('clears the session on sign-out', () => {
    saveSession(session)
    clearSession()
    expect(items.has(SESSION_STORAGE_KEY)).toBe(false)
    expect(getSession()).toBeNull()
  })

  it('is empty where there is no browser storage (the server render)', () => {
    vi.unstubAllGlobals()
    expect(getSession()).toBeNull()
  })
})
