import { escapeMarkup } from '#common/escape-markup.ts'
import { mailLayout } from './layout.ts'

/** The notice sent to an account's previous address when its e-mail changes. */
export function emailChangedMail({
  name,
  newEmail,
  contactUrl,
}: {
  name: string
  newEmail: string
  contactUrl: string
}) {
  const subject = 'The e-mail address of your account was changed'
  const text = `Hello ${name},

The e-mail address of your account was changed to ${newEmail}. Mail about the account, such as
password reset links, now goes there, and every signed-in session has ended.

If you made this change, there is nothing to do. If you did not, tell us at once:

${contactUrl}`
  const html = mailLayout(
    subject,
    `<p>Hello ${escapeMarkup(name)},</p>
<p>The e-mail address of your account was changed to <strong>${escapeMarkup(newEmail)}</strong>. Mail about the account, such as password reset links, now goes there, and every signed-in session has ended.</p>
<p>If you made this change, there is nothing to do. If you did not, tell us at once:</p>
<p><a href="${escapeMarkup(contactUrl)}">${escapeMarkup(contactUrl)}</a></p>`,
  )
  return { subject, text, html }
}
