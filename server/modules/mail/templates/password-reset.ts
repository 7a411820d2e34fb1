import { escapeMarkup } from '#common/escape-markup.ts'
import { mailLayout } from './layout.ts'

export function passwordResetMail({ name, link }: { name: string; link: string }) {
  const subject = 'Reset your password'
  const text = `Hello ${name},

Someone (hopefully you) asked to reset the password of your account.
Open this link within one hour to choose a new password:

${link}

If you did not ask for this, ignore this mail: your password stays as it is.`
  const html = mailLayout(
    subject,
    `<p>Hello ${escapeMarkup(name)},</p>
<p>Someone (hopefully you) asked to reset the password of your account. Open this link within one hour to choose a new password:</p>
<p><a href="${escapeMarkup(link)}">${escapeMarkup(link)}</a></p>
<p>If you did not ask for this, ignore this mail: your password stays as it is.</p>`,
  )
  return { subject, text, html }
}
