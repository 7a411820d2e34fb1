import { escapeMarkup } from '#common/escape-markup.ts'

/** Wraps already-escaped body HTML in a minimal, mail-client-safe document. */
export function mailLayout(title: string, bodyHtml: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeMarkup(title)}</title></head>
<body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;line-height:1.5;color:#1f2937;max-width:600px;margin:0 auto;padding:24px">
${bodyHtml}
</body></html>`
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
