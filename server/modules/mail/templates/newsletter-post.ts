import { escapeMarkup } from '#common/escape-markup.ts'
import { renderMarkdown } from '#common/markdown.ts'
import { mailButton, mailLayout, type MailBrand } from './layout.ts'

const PRE_STYLE =
  'background:#0f172a;color:#e2e8f0;padding:12px 16px;border-radius:8px;overflow-x:auto;font-size:14px;line-height:1.5;white-space:pre-wrap;word-break:break-word'
const CODE_STYLE =
  'font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:0.92em;background:#f1f5f9;padding:1px 4px;border-radius:4px'
const PRE_CODE_STYLE =
  'font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:none;padding:0;color:inherit'
const FIGURE_STYLE = 'margin:16px 0'
const FIGCAPTION_STYLE = 'margin-top:6px;font-size:14px;line-height:1.5;color:#64748b'

/**
 * The post's body as mail HTML: site paths made absolute (a mail has no base address), code in
 * inline styles (most mail clients drop style sheets), links in the accent colour, images no wider
 * than the mail, a figure's caption small and grey under its image. Links point straight at their address: no tracking redirect, no tracking pixel.
 */
function mailBodyHtml(markdown: string, publicUrl: string, accentColor: string): string {
  return renderMarkdown(markdown)
    .replace(/ (href|src)="\/(?!\/)/g, ` $1="${publicUrl}/`)
    .replace(/<pre><code([^>]*)>/g, `<pre style="${PRE_STYLE}"><code$1 style="${PRE_CODE_STYLE}">`)
    .replace(/<code>/g, `<code style="${CODE_STYLE}">`)
    .replace(/<img /g, '<img style="max-width:100%;height:auto" ')
    .replace(/<figure>/g, `<figure style="${FIGURE_STYLE}">`)
    .replace(/<figcaption>/g, `<figcaption style="${FIGCAPTION_STYLE}">`)
    .replace(/<a /g, `<a style="color:${escapeMarkup(accentColor)}" `)
}

/**
 * A journal post as one newsletter mail, with the reader's own unsubscribe link: the owner's logo
 * and name above it, "Read on the site" in the accent colour, and the post's summary (else its
 * title, as its page's description) as the preview line mail clients show.
 */
export function newsletterPostMail({
  post,
  postUrl,
  publicUrl,
  unsubscribeUrl,
  brand,
}: {
  post: { title: string; summary: string; body: string; image: string; imageAlt: string }
  postUrl: string
  publicUrl: string
  unsubscribeUrl: string
  brand: MailBrand
}) {
  const subject = post.title.replace(/[\r\n]+/g, ' ')
  const footer = `You receive this because you subscribed to ${brand.businessName}'s journal.`
  const text = `${post.title}
${post.summary ? `\n${post.summary}\n` : ''}
${post.body}

Read on the site: ${postUrl}

--
${footer}
Unsubscribe: ${unsubscribeUrl}`
  const image = post.image
    ? `<p><img src="${escapeMarkup(post.image.startsWith('/') ? publicUrl + post.image : post.image)}" alt="${escapeMarkup(post.imageAlt)}" style="max-width:100%;height:auto;border-radius:8px"></p>`
    : ''
  const html = mailLayout(
    subject,
    `<h1 style="font-size:26px;line-height:1.25;margin:0 0 12px;color:#0f172a">${escapeMarkup(post.title)}</h1>
${post.summary ? `<p style="font-size:18px;color:#475569">${escapeMarkup(post.summary)}</p>` : ''}
${image}
${mailBodyHtml(post.body, publicUrl, brand.accentColor)}
${mailButton(postUrl, 'Read on the site', brand)}`,
    {
      brand,
      preheader: post.summary || post.title,
      footerHtml: `<p style="font-size:13px;color:#64748b">${escapeMarkup(footer)} <a href="${escapeMarkup(unsubscribeUrl)}" style="color:#64748b">Unsubscribe</a></p>`,
    },
  )
  return { subject, text, html }
}
