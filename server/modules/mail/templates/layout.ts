import { DateTime } from 'luxon'
import { iconPath } from '#common/brand-icons.ts'
import { escapeMarkup } from '#common/escape-markup.ts'
import type { SiteSettings } from '#common/schemas/settings.ts'

const FONT = 'system-ui,-apple-system,Segoe UI,Roboto,sans-serif'
const PAGE_BACKGROUND = '#f1f5f9'
/** The logo's icon (server/modules/brand) drawn at this size, shown at LOGO_SHOWN_PX: sharp on 4x screens. */
const LOGO_ICON_SIZE = 180
const LOGO_SHOWN_PX = 40

/** The owner's look as a mail shows it: every address absolute, since a mail has no base address. */
export interface MailBrand {
  businessName: string
  /** The settings' accent colour, which white text stays readable on (the schema checks it). */
  accentColor: string
  /** The site's home page. */
  homeUrl: string
  /** The client's room (/client), where a client finds all their documents. */
  clientRoomUrl: string
  /** The logo as a PNG (WebP is lost on some desktop mail clients), or null to show the name alone. */
  logoUrl: string | null
}

/** The brand of the site settings, with addresses under `publicUrl`. */
export function mailBrandOf(
  { businessName, accentColor, logo }: Pick<SiteSettings, 'businessName' | 'accentColor' | 'logo'>,
  publicUrl: string,
): MailBrand {
  return {
    businessName,
    accentColor,
    homeUrl: `${publicUrl}/`,
    clientRoomUrl: `${publicUrl}/client`,
    logoUrl: logo ? `${publicUrl}${iconPath(logo, LOGO_ICON_SIZE)}` : null,
  }
}

/** The header's logo and name; without a logo, the name alone is the wordmark, in the accent colour. */
function brandHeader(brand: MailBrand): string {
  const name = escapeMarkup(brand.businessName)
  const logo = brand.logoUrl
    ? // The name beside it says what the logo says: the image is decoration.
      `<img src="${escapeMarkup(brand.logoUrl)}" alt="" width="${LOGO_SHOWN_PX}" height="${LOGO_SHOWN_PX}" style="display:inline-block;width:${LOGO_SHOWN_PX}px;height:${LOGO_SHOWN_PX}px;border:0;border-radius:6px;vertical-align:middle;margin-right:12px">`
    : ''
  const nameStyle = brand.logoUrl
    ? 'font-size:18px;font-weight:700;color:#0f172a'
    : `font-size:22px;font-weight:800;letter-spacing:-0.01em;color:${escapeMarkup(brand.accentColor)}`
  return `<a href="${escapeMarkup(brand.homeUrl)}" style="text-decoration:none;color:#0f172a">${logo}<span style="vertical-align:middle;${nameStyle}">${name}</span></a>`
}

/**
 * Wraps already-escaped body HTML in the one layout every mail of the site has: the body in a
 * 600 px card under a header of the owner's logo and name in the accent colour, with `footerHtml`
 * below it; `preheader` is the hidden line mail clients show beside the subject.
 *
 * Tables and inline styles only: the layout most mail clients (Outlook's Word engine included)
 * render alike. The preheader is hidden in every way a client honours, and followed by blank
 * filler so the preview does not run on into the header's text.
 */
export function mailLayout(
  title: string,
  bodyHtml: string,
  { brand, preheader, footerHtml }: { brand: MailBrand; preheader?: string; footerHtml?: string },
): string {
  const accent = escapeMarkup(brand.accentColor)
  const hidden = `display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;mso-hide:all;font-size:1px;line-height:1px;color:${PAGE_BACKGROUND}`
  const preview = preheader
    ? `<div style="${hidden}">${escapeMarkup(preheader)}</div>
<div style="${hidden}">${'&#8199;&#847;&nbsp;'.repeat(60)}</div>\n`
    : ''
  const footer = footerHtml
    ? `<tr><td style="padding:20px 32px 8px;font-size:13px;line-height:1.5;color:#64748b">
${footerHtml}
</td></tr>\n`
    : ''
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light"><title>${escapeMarkup(title)}</title></head>
<body style="margin:0;padding:0;background:${PAGE_BACKGROUND};font-family:${FONT};line-height:1.5;color:#1f2937">
${preview}<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${PAGE_BACKGROUND}"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px">
<tr><td style="background:#ffffff;border-top:4px solid ${accent};border-bottom:1px solid #e2e8f0;border-radius:12px 12px 0 0;padding:20px 32px">
${brandHeader(brand)}
</td></tr>
<tr><td style="background:#ffffff;border-radius:0 0 12px 12px;padding:32px;font-family:${FONT};font-size:16px;line-height:1.6;color:#1f2937;word-break:break-word">
${bodyHtml}
</td></tr>
${footer}</table>
</td></tr></table>
</body></html>`
}

/** A link drawn as a button in the accent colour with white text (a table cell: Outlook's too). */
export function mailButton(href: string, label: string, brand: MailBrand): string {
  const accent = escapeMarkup(brand.accentColor)
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:28px 0 8px"><tr><td bgcolor="${accent}" style="background:${accent};border-radius:8px"><a href="${escapeMarkup(href)}" style="display:inline-block;padding:12px 24px;font-family:${FONT};font-size:16px;font-weight:600;line-height:1.25;color:#ffffff;text-decoration:none;border-radius:8px;background:${accent}">${escapeMarkup(label)}</a></td></tr></table>`
}

/** A button's address in full under it, for a mail client that shows no buttons or links. */
export const mailLinkText = (href: string) =>
  `<p style="font-size:14px;color:#64748b;word-break:break-all">Or copy this address into your browser: ${escapeMarkup(href)}</p>`

/** A subject on one line, whatever the names in it hold. */
export const oneLine = (subject: string) => subject.replace(/[\r\n]+/g, ' ')

/** "31 December 2026" for "2026-12-31". */
export const mailLongDate = (day: string) =>
  DateTime.fromISO(day, { zone: 'UTC' }).setLocale('en-GB').toFormat('d LLLL yyyy')

/**
 * The owner's mail to a client about a document on its page (a proposal, an agreement, an
 * invoice): the greeting, the lead, the link as a button and as text, a `footnote` (the document's
 * fingerprint) and the owner's sign-off, under the owner's brand.
 */
export function clientLinkMail(f: {
  subject: string
  clientName: string
  lead: string
  link: string
  button: string
  /** Under the button; the text mail shows it under the link. */
  footnote?: string
  ownerName: string
  businessName: string
  brand: MailBrand
  preheader: string
  /** Whether the mail points the client to their room, where all their documents are. */
  isRoomShown?: boolean
}) {
  const subject = oneLine(f.subject)
  const text = `Hello ${f.clientName},

${f.lead}

${f.link}
${f.footnote ? `\n${f.footnote}\n` : ''}
${f.ownerName}
${f.businessName}${f.isRoomShown ? `\n\n${ROOM_LINE}: ${f.brand.clientRoomUrl}` : ''}`
  const below = f.footnote
    ? `<p style="font-size:13px;color:#64748b;word-break:break-all">${escapeMarkup(f.footnote)}</p>`
    : mailLinkText(f.link)
  const html = mailLayout(
    subject,
    `<p>Hello ${escapeMarkup(f.clientName)},</p>
${paragraphs(f.lead)}
${mailButton(f.link, f.button, f.brand)}
${below}
<p>${escapeMarkup(f.ownerName)}<br>${escapeMarkup(f.businessName)}</p>`,
    {
      brand: f.brand,
      preheader: f.preheader,
      footerHtml: f.isRoomShown ? roomFooter(f.brand) : undefined,
    },
  )
  return { subject, text, html }
}

/**
 * A mail whose point is one link the owner sends: the greeting, the lead, the link as a button and
 * as text, `terms` (how long the link works, what it does not do) and the owner's sign-off.
 */
export function ownerLinkMail(f: {
  subject: string
  /** "Hello," or "Hello Robin,". */
  greeting: string
  lead: string
  link: string
  button: string
  terms: string
  ownerName: string
  businessName: string
  brand: MailBrand
  preheader?: string
}) {
  const text = `${f.greeting}

${f.lead}

${f.link}

${f.terms}

${f.ownerName}
${f.businessName}`
  const html = mailLayout(
    f.subject,
    `<p>${escapeMarkup(f.greeting)}</p>
<p>${escapeMarkup(f.lead)}</p>
${mailButton(f.link, f.button, f.brand)}
${mailLinkText(f.link)}
<p>${escapeMarkup(f.terms)}</p>
<p>${escapeMarkup(f.ownerName)}<br>${escapeMarkup(f.businessName)}</p>`,
    { brand: f.brand, preheader: f.preheader },
  )
  return { subject: oneLine(f.subject), text, html }
}

const ROOM_LINE = 'See all your documents in your client room'

/** Under the card: the way to the client's room, where every proposal, invoice and file is. */
function roomFooter(brand: MailBrand): string {
  const href = escapeMarkup(brand.clientRoomUrl)
  return `<p style="margin:0;color:#475569">${ROOM_LINE}: <a href="${href}" style="color:#0f172a;font-weight:600;text-decoration:underline">${href}</a><br>Your proposals, invoices and files, and a way to write to ${escapeMarkup(brand.businessName)}, on one page.</p>`
}

/** Escapes text and keeps its line breaks. */
export const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeMarkup(p).replaceAll('\n', '<br>')}</p>`)
    .join('\n')

/** A message being answered, as mail clients quote one: its text under "On <date>, <name> wrote:". */
export interface QuotedMessage {
  fullName: string
  createdAt: Date
  message: string
}

const quoteIntro = (q: QuotedMessage) =>
  `On ${q.createdAt.toUTCString().replace(/:\d\d GMT$/, ' UTC')}, ${q.fullName} wrote:`

export function quoteText(q: QuotedMessage): string {
  const lines = q.message.split(/\r?\n/).map((line) => (line ? `> ${line}` : '>'))
  return `${quoteIntro(q)}\n${lines.join('\n')}`
}

export function quoteHtml(q: QuotedMessage): string {
  return `<p style="color:#475569">${escapeMarkup(quoteIntro(q))}</p>
<blockquote style="margin:0 0 0 4px;padding:0 0 0 12px;border-left:3px solid #cbd5e1;color:#475569">
${paragraphs(q.message)}
</blockquote>`
}
