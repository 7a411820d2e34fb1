import { ownerLinkMail, type MailBrand } from './layout.ts'

/** The mail that asks a client for a testimonial, with the one-time link to the form. */
export function testimonialRequestMail({
  name,
  link,
  validDays,
  ownerName,
  businessName,
  brand,
}: {
  name: string
  link: string
  validDays: number
  ownerName: string
  businessName: string
  brand: MailBrand
}) {
  return ownerLinkMail({
    subject: `Would you share a few words about working with ${ownerName}?`,
    greeting: `Hello ${name},`,
    lead: `Thank you for working with me. Would you write a few lines about it? Your words help other businesses decide whether we are a good fit, and it takes about two minutes.`,
    link,
    button: 'Write a testimonial',
    terms: `The link works once, for ${validDays} days. Nothing is published before I have read it, and you can ask me to change or remove it at any time.`,
    ownerName,
    businessName,
    brand,
  })
}
