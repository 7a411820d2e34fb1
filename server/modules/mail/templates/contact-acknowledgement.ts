import { replySubject } from '#common/reply-subject.ts'
import { escapeMarkup } from '#common/escape-markup.ts'
import { mailLayout, paragraphs, quoteHtml, quoteText, type QuotedMessage } from './layout.ts'

/**
 * The note a visitor gets once their contact message is stored: that it arrived, what happens next
 * and when, with their message quoted. Its subject is the reply's ("Re: <subject>"), so the owner's
 * later reply joins the same conversation in every mail client.
 */
export function contactAcknowledgementMail(
  m: QuotedMessage & { subject: string },
  practice: { ownerName: string; businessName: string; responseTime: string },
) {
  const subject = replySubject(m.subject)
  const firstName = m.fullName.trim().split(/\s+/)[0] ?? m.fullName
  const steps = [
    `I read every message myself and will answer ${practice.responseTime}, with any questions I have.`,
    'If the project is a good fit, we arrange a short call about your goals, budget and timeline.',
    'After the call you get a written proposal: scope, price and schedule, with no obligation.',
  ]
  const intro = `Hi ${firstName},

Thank you for getting in touch: your message reached me.`
  const outro = `If you think of anything else, just reply to this e-mail.

${practice.ownerName}
${practice.businessName}`
  const text = `${intro}

What happens next:
${steps.map((step, i) => `${i + 1}. ${step}`).join('\n')}

${outro}

${quoteText(m)}`
  const html = mailLayout(
    subject,
    `${paragraphs(intro)}
<p><strong>What happens next</strong></p>
<ol>${steps.map((step) => `<li>${escapeMarkup(step)}</li>`).join('')}</ol>
${paragraphs(outro)}
${quoteHtml(m)}`,
  )
  return { subject, text, html }
}
