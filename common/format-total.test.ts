import { describe, expect, it } from 'vitest'
import { formatTotal } from './format-total.ts'

describe('formatTotal', () => {
  it('shows an exact total as it is', () => {
    expect(formatTotal(1005)).toBe('1005')
    expect(formatTotal(0, false)).toBe('0')
  })

  it('marks a capped total as a lower bound', () => {
    expect(formatTotal(1000, true)).toBe('1000+')
  })
})
