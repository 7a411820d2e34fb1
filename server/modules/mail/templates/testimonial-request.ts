import { escapeMarkup } from '#common/escape-markup.ts'
import { mailButton, mailLayout, mailLinkText, type MailBrand } from './layout.ts'

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
  const subject = `Would you share a few words about working with ${ownerName}?`
  const intro = `Thank you for working with me. Would you write a few lines about it? Your words help other businesses decide whether we are a good fit, and it takes about two minutes.`
  const terms = `The link works once, for ${validDays} days. Nothing is published before I have read it, and you can ask me to change or remove it at any time.`
  const text = `Hello ${name},

${intro}

${link}

${terms}

${ownerName}
${businessName}`
  const html = mailLayout(
    subject,
    `<p>Hello ${escapeMarkup(name)},</p>
<p>${escapeMarkup(intro)}</p>
${mailButton(link, 'Write a testimonial', brand)}
${mailLinkText(link)}
<p>${escapeMarkup(terms)}</p>
<p>${escapeMarkup(ownerName)}<br>${escapeMarkup(businessName)}</p>`,
    { brand },
  )
  return { subject: subject.replace(/[\r\n]+/g, ' '), text, html }
}
