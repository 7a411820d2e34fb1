/**
 * The signed-in session (name, email, isAdmin, token), kept in local storage as the specification
 * asks, restored at start and shared by every component through useSession().
 */
import { useSyncExternalStore } from 'react'
import type { Session } from '#common/schemas/users.ts'

export const SESSION_STORAGE_KEY = 'userInfo'
const listeners = new Set<() => void>()
let cachedRaw: string | null = null
let cachedSession: Session | null = null

function isSession(value: unknown): value is Session {
  if (!value || typeof value !== 'object') return false
  const v = value as Record<string, unknown>
  return (
    typeof v._id === 'string' &&
    typeof v.name === 'string' &&
    typeof v.email === 'string' &&
    typeof v.isAdmin === 'boolean' &&
    typeof v.token === 'string'
  )
}

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage
  } catch {
    return undefined
  }
}

export function getSession(): Session | null {
  const raw = storage()?.getItem(SESSION_STORAGE_KEY) ?? null
  if (raw === cachedRaw) return cachedSession
  cachedRaw = raw
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : null
    cachedSession = isSession(parsed) ? parsed : null
  } catch {
    cachedSession = null
  }
  return cachedSession
}

const notify = () => listeners.forEach((listener) => listener())

export function saveSession(session: Session) {
  const { _id, name, email, isAdmin, token } = session
  storage()?.setItem(SESSION_STORAGE_KEY, JSON.stringify({ _id, name, email, isAdmin, token }))
  notify()
}

export function clearSession() {
  storage()?.removeItem(SESSION_STORAGE_KEY)
  notify()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  const onStorage = (event: StorageEvent) => {
    if (event.key === SESSION_STORAGE_KEY) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

/** The current session; null on the server and before hydration, so both renders agree. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, getSession, () => null)
}
