import { describe, expect, it } from 'vitest'
import { domainOf, mailboxOf } from './mailbox.ts'

describe('mailboxOf', () => {
  it('counts a +tag and letter case as the same mailbox', () => {
    expect(mailboxOf('Victim+1@Example.com')).toBe('victim@example.com')
    expect(mailboxOf('victim+a+b@example.com')).toBe('victim@example.com')
    expect(mailboxOf(' victim@example.com ')).toBe('victim@example.com')
  })

  it('keeps other addresses apart', () => {
    expect(mailboxOf('victim2@example.com')).not.toBe(mailboxOf('victim@example.com'))
    expect(mailboxOf('victim@example.org')).not.toBe(mailboxOf('victim@example.com'))
  })

  it('reads the domain', () => {
    expect(domainOf('A+b@Mail.Example.COM')).toBe('mail.example.com')
  })
})
