import { describe, expect, it } from 'vitest'
import { isSlugStillAutomatic, nextFreeSlug } from './slugs.ts'

describe('nextFreeSlug', () => {
  it('keeps the base when it is free', () => {
    expect(nextFreeSlug('new-website', ['new-website-2'])).toBe('new-website')
  })

  it('takes the first free suffix from 2', () => {
    expect(nextFreeSlug('new-website', ['new-website'])).toBe('new-website-2')
    expect(nextFreeSlug('new-website', ['new-website', 'new-website-2', 'new-website-4'])).toBe(
      'new-website-3',
    )
  })

  it('is not fooled by longer slugs sharing the prefix', () => {
    expect(nextFreeSlug('new-website', ['new-website', 'new-website-2b', 'new-website-22'])).toBe(
      'new-website-2',
    )
  })
})

describe('isSlugStillAutomatic', () => {
  const draft = { slug: 'new-post', isSlugAutomatic: true }
  it('holds while the save leaves the slug alone', () => {
    expect(isSlugStillAutomatic(draft, undefined)).toBe(true)
    expect(isSlugStillAutomatic(draft, 'new-post')).toBe(true)
  })

  it('ends when the owner sets a slug, and never comes back', () => {
    expect(isSlugStillAutomatic(draft, 'my-own')).toBe(false)
    expect(isSlugStillAutomatic({ ...draft, isSlugAutomatic: false }, 'new-post')).toBe(false)
  })
})
