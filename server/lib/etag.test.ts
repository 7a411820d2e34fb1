import { describe, expect, it } from 'vitest'
import { matchesEtag, weakEtag, weakEtagWithout } from './etag.ts'

describe('weakEtag', () => {
  it('is weak, the same for the same content and different for other content', () => {
    expect(weakEtag('page')).toMatch(/^W\/"[\w-]+"$/)
    expect(weakEtag(Buffer.from('page'))).toBe(weakEtag('page'))
    expect(weakEtag('page 2')).not.toBe(weakEtag('page'))
  })
})

describe('weakEtagWithout', () => {
  it('is the tag of the content with every occurrence of the text left out', () => {
    const page = (nonce: string) =>
      Buffer.from(`<script nonce="${nonce}">a</script><link nonce="${nonce}"/>é`)
    expect(weakEtagWithout(page('n0nce=='), 'n0nce==')).toBe(weakEtag(page('')))
    expect(weakEtagWithout(page('other=='), 'other==')).toBe(weakEtag(page('')))
    expect(weakEtagWithout(Buffer.from('no nonce here'), 'xyz')).toBe(weakEtag('no nonce here'))
    expect(weakEtagWithout(page('n0nce=='), 'n0nce==')).not.toBe(weakEtag(page('n0nce==')))
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
