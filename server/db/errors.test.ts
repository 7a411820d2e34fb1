import { describe, expect, it } from 'vitest'
import { errorChain, hasErrorCode, isUniqueViolation, retryOnDeadlock } from './errors.ts'

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

describe('retryOnDeadlock', () => {
  const failing = (codes: string[]) => {
    let calls = 0
    const run = async () => {
      const code = codes[calls]
      calls += 1
      if (code) throw wrapped(code)
      return 'stored'
    }
    return { run, calls: () => calls }
  }

  it('runs the statement again after a deadlock, until it ends another way', async () => {
    const twice = failing(['40P01', '40P01'])
    await expect(retryOnDeadlock(twice.run)).resolves.toBe('stored')
    expect(twice.calls()).toBe(3)
    // The retry meets the survivor's committed row: the constraint's own error comes out.
    const thenTaken = failing(['40P01', '23P01'])
    const err = await retryOnDeadlock(thenTaken.run).catch((e: unknown) => e)
    expect(hasErrorCode(err, new Set(['23P01']))).toBe(true)
    expect(thenTaken.calls()).toBe(2)
  })

  it('does not retry other errors, and gives up after its attempts', async () => {
    const other = failing(['23505'])
    await expect(retryOnDeadlock(other.run)).rejects.toThrow()
    expect(other.calls()).toBe(1)
    const always = failing(['40P01', '40P01', '40P01'])
    const err = await retryOnDeadlock(always.run, 3).catch((e: unknown) => e)
    expect(hasErrorCode(err, new Set(['40P01']))).toBe(true)
    expect(always.calls()).toBe(3)
  })
})
