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
