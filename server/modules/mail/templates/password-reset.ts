import { escapeMarkup } from '#common/escape-markup.ts'
import { mailButton, mailLayout, mailLinkText, type MailBrand } from './layout.ts'

/** The reset link (PUBLIC_URL/reset-password/TOKEN, valid one hour), from the business. */
export function passwordResetMail({
  name,
  link,
  brand,
}: {
  name: string
  link: string
  brand: MailBrand
}) {
  const subject = 'Reset your password'
  const text = `Hello ${name},

Someone (hopefully you) asked to reset the password of your account.
Open this link within one hour to choose a new password:

${link}

If you did not ask for this, ignore this mail: your password stays as it is.

${brand.businessName}`
  const html = mailLayout(
    subject,
    `<p>Hello ${escapeMarkup(name)},</p>
<p>Someone (hopefully you) asked to reset the password of your account. Open this link within one hour to choose a new password:</p>
${mailButton(link, 'Choose a new password', brand)}
${mailLinkText(link)}
<p>If you did not ask for this, ignore this mail: your password stays as it is.</p>
<p>${escapeMarkup(brand.businessName)}</p>`,
    { brand, preheader: 'A link to choose a new password, valid for one hour.' },
  )
  return { subject, text, html }
}
