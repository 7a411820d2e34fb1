import { escapeMarkup } from '#common/escape-markup.ts'
import { mailLayout, paragraphs, type MailBrand } from './layout.ts'

/**
 * A first name to greet with, or none: the name is the sender's own text, and one that looks like
 * an address or a link ("www.evil.example", "http:…") would carry a stranger's link to whoever's
 * address was typed in the form.
 */
function greetingName(fullName: string): string | undefined {
  const first = fullName.trim().split(/\s+/)[0] ?? ''
  if (!first || first.length > 40 || /[./:@<>\\]/.test(first)) return undefined
  return first
}

/**
 * The note a visitor gets once their contact message is stored: that it arrived, what happens next
 * and when. It goes to an address nobody confirmed, so it carries nothing the sender wrote: no
 * subject, no message, no link (the review of 2026-12-01: quoting them let a stranger send a
 * phishing text From the owner). The owner's reply still threads with it by its Message-ID.
 */
export function contactAcknowledgementMail(
  m: { fullName: string },
  practice: { ownerName: string; businessName: string; responseTime: string },
  brand: MailBrand,
) {
  const subject = `Your message to ${practice.businessName || practice.ownerName} arrived`
  const firstName = greetingName(m.fullName)
  const steps = [
    `I read every message myself and will answer ${practice.responseTime}, with any questions I have.`,
    'If the project is a good fit, we arrange a short call about your goals, budget and timeline.',
    'After the call you get a written proposal: scope, price and schedule, with no obligation.',
  ]
  const intro = `${firstName ? `Hi ${firstName},` : 'Hello,'}

Thank you for getting in touch: your message reached me.`
  const outro = `If you think of anything else, just reply to this e-mail. If you did not write to ${practice.businessName || practice.ownerName}, someone typed your address by mistake: you can ignore this mail.

${practice.ownerName}
${practice.businessName}`
  const text = `${intro}

What happens next:
${steps.map((step, i) => `${i + 1}. ${step}`).join('\n')}

${outro}`
  const html = mailLayout(
    subject,
    `${paragraphs(intro)}
<p><strong>What happens next</strong></p>
<ol>${steps.map((step) => `<li>${escapeMarkup(step)}</li>`).join('')}</ol>
${paragraphs(outro)}`,
    {
      brand,
      preheader: `Your message arrived. ${practice.ownerName} answers ${practice.responseTime}.`,
    },
  )
  return { subject: subject.replace(/[\r\n]+/g, ' '), text, html }
}
