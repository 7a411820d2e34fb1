import { describe, expect, it } from 'vitest'
import { newNonce } from './security-headers.ts'

describe('newNonce', () => {
  it('hands out 16-byte nonces that never repeat', () => {
    const nonces = Array.from({ length: 2_000 }, newNonce)
    expect(new Set(nonces).size).toBe(nonces.length)
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16)
  })
})
