import { describe, expect, it } from 'vitest'
import { formatDate } from './format-date.ts'

describe('formatDate', () => {
  it('writes month, day and year with leading zeros', () => {
    expect(formatDate(new Date(2024, 0, 5, 13, 30).toISOString())).toBe('01-05-2024')
  })

  it('uses the local calendar day of the timestamp', () => {
    expect(formatDate(new Date(2023, 11, 31, 23, 59).toISOString())).toBe('12-31-2023')
    expect(formatDate(new Date(2025, 10, 22, 0, 1).toISOString())).toBe('11-22-2025')
  })

  it('returns an unreadable value unchanged', () => {
    expect(formatDate('not a date')).toBe('not a date')
  })
})
