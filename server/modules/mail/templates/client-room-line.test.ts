/**
 * The mails that bring a client a document (a proposal, an invoice, a reminder) also show the way
 * to the client's room, where all of that client's documents are: in the text part and, in the
 * branded layout, in the HTML part.
 */
import { describe, expect, it } from 'vitest'
import { invoiceReminderMail, invoiceSentMail } from './invoice.ts'
import { mailBrandOf } from './layout.ts'
import { proposalSentMail, proposalSignedOwnerMail } from './proposal.ts'

const brand = mailBrandOf(
  { businessName: 'Okafor Digital', accentColor: '#0f5132', logo: null },
  'https://site.example',
)
const ROOM = 'See all your documents in your client room: https://site.example/client'

const proposal = {
  title: 'A shop',
  clientName: 'Robin Baker',
  total: '1200.00',
  currency: 'EUR',
  validUntil: '2026-12-31',
  depositPercent: '0',
  depositAmount: '0.00',
  ownerName: 'Ada Okafor',
  businessName: 'Okafor Digital',
  link: 'https://site.example/proposal/abc',
  brand,
}
const invoice = {
  kind: 'invoice' as const,
  number: '2026-0007',
  clientName: 'Robin Baker',
  total: '500.00',
  balance: '500.00',
  currency: 'EUR',
  dueDate: '2026-12-15',
  proposalTitle: '',
  ownerName: 'Ada Okafor',
  businessName: 'Okafor Digital',
  link: 'https://site.example/invoice/abc',
  brand,
}

describe('the client room line', () => {
  it.each([
    ['a proposal sent', proposalSentMail(proposal)],
    ['an invoice sent', invoiceSentMail(invoice)],
    ['an invoice reminder', invoiceReminderMail(invoice)],
  ])('is in the text and the HTML of %s', (_, mail) => {
    expect(mail.text).toContain(ROOM)
    // After the document's own link and the sign-off: the document comes first.
    expect(mail.text.indexOf(ROOM)).toBeGreaterThan(mail.text.indexOf('Okafor Digital'))
    expect(mail.html).toContain('See all your documents in your client room')
    expect(mail.html).toContain('<a href="https://site.example/client"')
    // Inside the branded layout, under the card.
    expect(mail.html.indexOf('https://site.example/client')).toBeGreaterThan(
      mail.html.indexOf('Ada Okafor<br>Okafor Digital'),
    )
    expect(mail.html.indexOf('https://site.example/client')).toBeLessThan(
      mail.html.indexOf('</body>'),
    )
  })

  it('is not in a mail to the owner', () => {
    const mail = proposalSignedOwnerMail({
      ...proposal,
      signerName: 'Robin Baker',
      signedAt: '2 December 2026, 09:14 UTC',
      documentHash: 'a'.repeat(64),
      adminUrl: 'https://site.example/admin/proposals/1',
    })
    expect(mail.text).not.toContain('client room')
    expect(mail.html).not.toContain('https://site.example/client')
  })
})
