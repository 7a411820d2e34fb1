import { escapeMarkup } from '#common/escape-markup.ts'
import { mailButton, mailLayout, mailLinkText, type MailBrand } from './layout.ts'

/** The notice sent to an account's previous address when its e-mail changes. */
export function emailChangedMail({
  name,
  newEmail,
  contactUrl,
  brand,
}: {
  name: string
  newEmail: string
  contactUrl: string
  brand: MailBrand
}) {
  const subject = 'The e-mail address of your account was changed'
  const text = `Hello ${name},

The e-mail address of your account was changed to ${newEmail}. Mail about the account, such as
password reset links, now goes there, and every signed-in session has ended.

If you made this change, there is nothing to do. If you did not, tell us at once:

${contactUrl}

${brand.businessName}`
  const html = mailLayout(
    subject,
    `<p>Hello ${escapeMarkup(name)},</p>
<p>The e-mail address of your account was changed to <strong>${escapeMarkup(newEmail)}</strong>. Mail about the account, such as password reset links, now goes there, and every signed-in session has ended.</p>
<p>If you made this change, there is nothing to do. If you did not, tell us at once:</p>
${mailButton(contactUrl, 'Tell us it was not you', brand)}
${mailLinkText(contactUrl)}
<p>${escapeMarkup(brand.businessName)}</p>`,
    { brand, preheader: `Mail about your account now goes to ${newEmail}.` },
  )
  return { subject, text, html }
}
