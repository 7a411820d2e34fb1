import { ownerLinkMail, type MailBrand } from './layout.ts'

/** The double opt-in mail: the link opens a page whose button confirms the subscription. */
export function subscriptionConfirmMail({
  link,
  validDays,
  businessName,
  ownerName,
  brand,
}: {
  link: string
  validDays: number
  businessName: string
  ownerName: string
  brand: MailBrand
}) {
  return ownerLinkMail({
    subject: `Confirm your subscription to ${businessName}'s journal`,
    greeting: 'Hello,',
    lead: `Someone, hopefully you, asked to receive new journal posts from ${ownerName} by e-mail at this address. Open the link and press "Confirm" to start receiving them.`,
    link,
    button: 'Confirm my subscription',
    terms: `The link works for ${validDays} days. If you did not ask for this, ignore this mail: nothing will be sent to you.`,
    ownerName,
    businessName,
    brand,
    preheader: 'One click to confirm, and new posts come to this address.',
  })
}
