/**
 * The breached-password list is loaded for a check and let go. Run in a module registry of its own
 * (vitest.config.ts): in the shared one, another file's sign-ups may have the list kept already.
 */
import { createRequire } from 'node:module'
import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { isBreachedListKept, isBreachedPassword } from './passwords.ts'

describe('the breached list', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('is loaded for a check, then let go: its module at once, the list after a minute unused', async () => {
    vi.useFakeTimers()
    // A single check (the admin's password at start-up) keeps nothing.
    expect(await isBreachedPassword('Password1!', { keepList: false })).toBe(true)
    expect(isBreachedListKept()).toBe(false)

    expect(await isBreachedPassword('Password1!')).toBe(true)
    expect(isBreachedListKept()).toBe(true)
    const require = createRequire(import.meta.url)
    const packageDir = path.dirname(require.resolve('@zxcvbn-ts/language-common/package.json'))
    expect(Object.keys(require.cache).filter((file) => file.startsWith(packageDir))).toEqual([])

    // Each use keeps it another minute.
    vi.advanceTimersByTime(50_000)
    expect(await isBreachedPassword('Tr0ub4dor&3-staple')).toBe(false)
    vi.advanceTimersByTime(50_000)
    expect(isBreachedListKept()).toBe(true)
    vi.advanceTimersByTime(10_000)
    expect(isBreachedListKept()).toBe(false)

    // The next check loads it again.
    expect(await isBreachedPassword('P@ssw0rd')).toBe(true)
    expect(isBreachedListKept()).toBe(true)
  })
})
