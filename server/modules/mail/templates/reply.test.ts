import { describe, expect, it } from 'vitest'
import { replyMail, replySubject } from './reply.ts'

describe('replySubject', () => {
  it('prefixes Re: once', () => {
    expect(replySubject('Website quote')).toBe('Re: Website quote')
    expect(replySubject('Re: Website quote')).toBe('Re: Website quote')
    expect(replySubject('RE: Website quote')).toBe('RE: Website quote')
  })
  it('never lets a subject carry a header line break', () => {
    expect(replySubject('Hi\r\nBcc: x@y.z')).toBe('Re: Hi Bcc: x@y.z')
  })
})

describe('replyMail', () => {
  it('escapes the reply text in the HTML part', () => {
    const mail = replyMail({ subject: 'Hello', replyContent: '<script>alert(1)</script>' })
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(mail.html).not.toContain('<script>')
    expect(mail.text).toBe('<script>alert(1)</script>')
  })
})
