import { describe, expect, it } from 'vitest'
import { hash } from '@node-rs/argon2'
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

describe('the password cost', () => {
  it("is OWASP's 7 MiB, 5-pass argon2id, and a hash made with the library's default still verifies", async () => {
    expect(await hashPassword('Correct1!horse')).toMatch(/^\$argon2id\$v=19\$m=7168,t=5,p=1\$/)
    const before = await hash('Correct1!horse', { algorithm: 2 })
    expect(before).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(await verifyPassword(before, 'Correct1!horse')).toBe(true)
    expect(await verifyPassword(before, 'Wrong1!horse')).toBe(false)
  })
})
