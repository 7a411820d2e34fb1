import { escapeMarkup } from '#common/escape-markup.ts'
import { mailButton, mailLayout, mailLinkText, type MailBrand } from './layout.ts'

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
  const subject = `Confirm your subscription to ${businessName}'s journal`
  const intro = `Someone, hopefully you, asked to receive new journal posts from ${ownerName} by e-mail at this address. Open the link and press "Confirm" to start receiving them.`
  const terms = `The link works for ${validDays} days. If you did not ask for this, ignore this mail: nothing will be sent to you.`
  const text = `Hello,

${intro}

${link}

${terms}

${ownerName}
${businessName}`
  const html = mailLayout(
    subject,
    `<p>Hello,</p>
<p>${escapeMarkup(intro)}</p>
${mailButton(link, 'Confirm my subscription', brand)}
${mailLinkText(link)}
<p>${escapeMarkup(terms)}</p>
<p>${escapeMarkup(ownerName)}<br>${escapeMarkup(businessName)}</p>`,
    { brand, preheader: 'One click to confirm, and new posts come to this address.' },
  )
  return { subject: subject.replace(/[\r\n]+/g, ' '), text, html }
}
