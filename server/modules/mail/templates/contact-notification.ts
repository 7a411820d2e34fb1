import { escapeMarkup } from '#common/escape-markup.ts'
import { mailLayout, paragraphs } from './layout.ts'

export function contactNotificationMail(m: {
  fullName: string
  email: string
  subject: string
  message: string
  adminUrl: string
}) {
  const subject = `New contact message: ${m.subject}`.replace(/[\r\n]+/g, ' ')
  const text = `New message from ${m.fullName} <${m.email}>

Subject: ${m.subject}

${m.message}

Reply from the admin area: ${m.adminUrl}`
  const html = mailLayout(
    subject,
    `<p><strong>New message from ${escapeMarkup(m.fullName)}</strong> &lt;${escapeMarkup(m.email)}&gt;</p>
<p><strong>Subject:</strong> ${escapeMarkup(m.subject)}</p>
${paragraphs(m.message)}
<p><a href="${escapeMarkup(m.adminUrl)}">Reply from the admin area</a></p>`,
  )
  return { subject, text, html }
}
