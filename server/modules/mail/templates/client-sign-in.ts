/** The link that signs a client into their room (PUBLIC_URL/client/signin/{token}). */
import { escapeMarkup } from '#common/escape-markup.ts'
import { mailButton, mailLayout, oneLine, type MailBrand } from './layout.ts'

export function clientSignInMail(f: {
  clientName: string
  link: string
  validMinutes: number
  ownerName: string
  businessName: string
  brand: MailBrand
}) {
  const business = f.businessName || f.ownerName
  const subject = `Your sign-in link for ${business}`
  const lead = `Here is the link to your client room, where your proposals, invoices, calls, projects and files with ${business} are in one place.`
  const note = `The link works once, for the next ${f.validMinutes} minutes. If you did not ask for it, you can ignore this mail: nobody can sign in without it.`
  const text = `Hello ${f.clientName},

${lead}

${f.link}

${note}

${f.ownerName}
${f.businessName}`
  const html = mailLayout(
    subject,
    `<p>Hello ${escapeMarkup(f.clientName)},</p>
<p>${escapeMarkup(lead)}</p>
${mailButton(f.link, 'Open your client room', f.brand)}
<p style="font-size:14px;color:#64748b">Or copy this address into your browser: ${escapeMarkup(f.link)}</p>
<p style="font-size:14px;color:#64748b">${escapeMarkup(note)}</p>
<p>${escapeMarkup(f.ownerName)}<br>${escapeMarkup(f.businessName)}</p>`,
    {
      brand: f.brand,
      preheader: `Your client room at ${business}: the link works for ${f.validMinutes} minutes`,
    },
  )
  return { subject: oneLine(subject), text, html }
}
