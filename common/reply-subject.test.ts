import { describe, expect, it } from 'vitest'
import { replySubject } from './reply-subject.ts'

describe('replySubject', () => {
  it('prefixes the subject with Re:', () => {
    expect(replySubject('Quote for a new site')).toBe('Re: Quote for a new site')
  })

  it('never doubles the prefix, whatever its case or spacing', () => {
    expect(replySubject('Re: Quote')).toBe('Re: Quote')
    expect(replySubject('RE:Quote')).toBe('Re: Quote')
    expect(replySubject('  re:   Quote  ')).toBe('Re: Quote')
  })

  it('never lets a subject carry a header line break', () => {
    expect(replySubject('Hi\r\nBcc: x@y.z')).toBe('Re: Hi Bcc: x@y.z')
  })
})
