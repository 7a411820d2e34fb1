import { describe, expect, it } from 'vitest'
import { hashPassword, verifyPassword } from './passwords.ts'

describe('hashPassword', () => {
  it('produces an argon2id hash that verifies only the same password', async () => {
    const hash = await hashPassword('Correct1!horse')
    expect(hash).toMatch(/^\$argon2id\$/)
    expect(await verifyPassword(hash, 'Correct1!horse')).toBe(true)
    expect(await verifyPassword(hash, 'Wrong1!horse')).toBe(false)
  })
  it('treats a malformed hash as a mismatch', async () => {
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false)
  })
})
