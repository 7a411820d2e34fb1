import { describe, expect, it } from 'vitest'
import { errorChain, hasErrorCode, isUniqueViolation } from './errors.ts'

const wrapped = (code: string) =>
  new Error('Failed query', { cause: Object.assign(new Error('duplicate key'), { code }) })

describe('PostgreSQL error codes', () => {
  it('finds a code on a wrapped driver error', () => {
    expect(isUniqueViolation(wrapped('23505'))).toBe(true)
    expect(hasErrorCode(wrapped('22021'), new Set(['22021', '22P05']))).toBe(true)
  })

  it('is false for other codes and for values that are not errors', () => {
    expect(isUniqueViolation(wrapped('23503'))).toBe(false)
    expect(isUniqueViolation(undefined)).toBe(false)
    expect(isUniqueViolation('23505')).toBe(false)
  })

  it('walks a cause cycle once', () => {
    const a: { cause?: unknown } = {}
    const b = { cause: a }
    a.cause = b
    expect([...errorChain(a)]).toHaveLength(2)
  })
})
