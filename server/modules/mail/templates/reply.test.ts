import { describe, expect, it } from 'vitest'
import { mailBrandOf } from './layout.ts'
import { replyMail } from './reply.ts'

const brand = mailBrandOf(
  { businessName: 'Okafor Digital', accentColor: '#0f5132', logo: null },
  'https://site.example',
)

describe('replyMail', () => {
  it('escapes the reply text in the HTML part', () => {
    const mail = replyMail({
      subject: 'Hello',
      replyContent: '<script>alert(1)</script>',
      brand,
    })
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(mail.html).not.toContain('<script>')
    expect(mail.text).toBe('<script>alert(1)</script>')
  })
})
