import { escapeMarkup } from '#common/escape-markup.ts'
import { leadSource } from '#common/lead-source.ts'
import type { MessageVisit } from '#common/schemas/stats.ts'
import { mailButton, mailLayout, paragraphs, type MailBrand } from './layout.ts'

/**
 * Tells the owner a contact message arrived: who sent it, what they wrote, the qualifying answers
 * they gave and where they came from (the lead source, as the inbox names it).
 */
export function contactNotificationMail(m: {
  fullName: string
  email: string
  subject: string
  message: string
  projectType: string | null
  budget: string | null
  timeline: string | null
  website: string | null
  visit: MessageVisit | null
  adminUrl: string
  brand: MailBrand
}) {
  const subject = `New contact message: ${m.subject}`.replace(/[\r\n]+/g, ' ')
  const lead = m.visit ? leadSource(m.visit) : null
  const given: [string, string | null | undefined][] = [
    ['Project type', m.projectType],
    ['Budget', m.budget],
    ['Timeline', m.timeline],
    ['Website', m.website],
    ['Came from', lead?.source],
    ['Campaign', lead?.campaign],
    ['Landed on', m.visit?.landingPage],
  ]
  const facts = given.filter((fact): fact is [string, string] => !!fact[1])
  const factsText = facts.map(([label, value]) => `${label}: ${value}`).join('\n')
  const factsHtml = facts
    .map(([label, value]) => `<strong>${label}:</strong> ${escapeMarkup(value)}`)
    .join('<br>\n')
  const text = `New message from ${m.fullName} <${m.email}>

Subject: ${m.subject}

${m.message}
${factsText ? `\n${factsText}\n` : ''}
Reply from the admin area: ${m.adminUrl}`
  const html = mailLayout(
    subject,
    `<p><strong>New message from ${escapeMarkup(m.fullName)}</strong> &lt;${escapeMarkup(m.email)}&gt;</p>
<p><strong>Subject:</strong> ${escapeMarkup(m.subject)}</p>
${paragraphs(m.message)}
${factsHtml ? `<p>${factsHtml}</p>\n` : ''}${mailButton(m.adminUrl, 'Reply from the admin area', m.brand)}`,
    { brand: m.brand, preheader: `${m.fullName} wrote: ${m.subject}` },
  )
  return { subject, text, html }
}
