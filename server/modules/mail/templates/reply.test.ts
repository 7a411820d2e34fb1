import { describe, expect, it } from 'vitest'
import { replyMail } from './reply.ts'

describe('replyMail', () => {
  it('escapes the reply text in the HTML part', () => {
    const mail = replyMail({ subject: 'Hello', replyContent: '<script>alert(1)</script>' })
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(mail.html).not.toContain('<script>')
    expect(mail.text).toBe('<script>alert(1)</script>')
  })
})
