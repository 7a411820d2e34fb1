import { describe, expect, it } from 'vitest'
import { matchesEtag, weakEtag } from './etag.ts'

describe('weakEtag', () => {
  it('is weak, the same for the same content and different for other content', () => {
    expect(weakEtag('page')).toMatch(/^W\/"[\w-]+"$/)
    expect(weakEtag(Buffer.from('page'))).toBe(weakEtag('page'))
    expect(weakEtag('page 2')).not.toBe(weakEtag('page'))
  })
})

describe('matchesEtag', () => {
  const tag = '"abc"'
  it('compares weakly: a W/ prefix on either side is ignored', () => {
    expect(matchesEtag('"abc"', tag)).toBe(true)
    expect(matchesEtag('W/"abc"', tag)).toBe(true)
    expect(matchesEtag('"abc"', 'W/"abc"')).toBe(true)
  })
  it('reads a list and the wildcard', () => {
    expect(matchesEtag('"x", W/"abc" ', tag)).toBe(true)
    expect(matchesEtag('*', tag)).toBe(true)
    expect(matchesEtag('"x", "y"', tag)).toBe(false)
  })
  it('never matches without both a header and a tag', () => {
    expect(matchesEtag(undefined, tag)).toBe(false)
    expect(matchesEtag('"abc"', undefined)).toBe(false)
    expect(matchesEtag('', tag)).toBe(false)
  })
})
