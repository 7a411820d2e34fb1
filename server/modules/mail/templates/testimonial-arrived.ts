import { escapeMarkup } from '#common/escape-markup.ts'
import { mailButton, mailLayout, paragraphs, type MailBrand } from './layout.ts'

/** Tells the owner a client's testimonial arrived and waits for their approval. */
export function testimonialArrivedMail(t: {
  name: string
  role: string
  company: string
  text: string
  rating: number | null
  adminUrl: string
  brand: MailBrand
}) {
  const who = [t.name, [t.role, t.company].filter(Boolean).join(', ')].filter(Boolean).join(' – ')
  const subject = `New testimonial from ${t.name}`.replace(/[\r\n]+/g, ' ')
  const rating = t.rating ? `Rating: ${t.rating} of 5\n\n` : ''
  const text = `${who} sent a testimonial. It stays pending until you approve it.

${rating}${t.text}

Review it: ${t.adminUrl}`
  const html = mailLayout(
    subject,
    `<p><strong>${escapeMarkup(who)}</strong> sent a testimonial. It stays pending until you approve it.</p>
${t.rating ? `<p>Rating: ${t.rating} of 5</p>` : ''}
<blockquote style="margin:0;padding:0 0 0 12px;border-left:3px solid #cbd5e1">${paragraphs(t.text)}</blockquote>
${mailButton(t.adminUrl, 'Review it', t.brand)}`,
    { brand: t.brand, preheader: `${who} sent a testimonial.` },
  )
  return { subject, text, html }
}
