import { describe, expect, it } from 'vitest'
import { nonceSource } from './security-headers.ts'

describe('nonceSource', () => {
  it('hands out 16-byte nonces that never repeat, across refills of its pool', () => {
    const next = nonceSource()
    const nonces = Array.from({ length: 2_000 }, next)
    expect(new Set(nonces).size).toBe(nonces.length)
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16)
  })

  it('gives two sources different nonces', () => {
    expect(nonceSource()()).not.toBe(nonceSource()())
  })
})
