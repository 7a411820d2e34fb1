import { describe, expect, it } from 'vitest'
import { slugify } from './slugs.ts'

describe('slugify', () => {
  it('makes lower-case ASCII words joined by single hyphens', () => {
    expect(slugify('Café & Co. — Rebuilt in 2026!', 'x')).toBe('cafe-and-co-rebuilt-in-2026')
    expect(slugify('  --Hello,   World--  ', 'x')).toBe('hello-world')
  })

  it('falls back when nothing usable is left, and stays within the slug limit', () => {
    expect(slugify('日本語', 'new-post')).toBe('new-post')
    expect(slugify('', 'new-post')).toBe('new-post')
    const long = slugify(`${'a'.repeat(199)} bcd`, 'x')
    expect(long.length).toBeLessThanOrEqual(200)
    expect(long.endsWith('-')).toBe(false)
  })
})
