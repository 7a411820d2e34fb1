/**
 * Markdown to HTML for the editable page texts, the same on the server (public pages) and in the
 * admin's live preview. No raw HTML gets through: HTML in the source is shown as text, and links
 * or images with a scheme other than http(s) or mailto (javascript:, data:, ...) lose their URL.
 */
import { Marked, type Tokens } from 'marked'
import { MARKDOWN_FIELDS } from './schemas/pages.ts'

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char)

/** Site-relative paths, fragments, and http(s) or mailto addresses. */
export function isSafeUrl(url: string): boolean {
  const trimmed = url.trim()
  if (/^(?:\/(?!\/)|#|\?)/.test(trimmed)) return true
  return /^(?:https?:\/\/|mailto:)/i.test(trimmed)
}

const marked = new Marked({
  gfm: true,
  async: false,
  renderer: {
    html: (token: Tokens.HTML | Tokens.Tag) =>
      'block' in token && token.block ? `<p>${escapeHtml(token.text)}</p>` : escapeHtml(token.text),
    link({ href, title, tokens }: Tokens.Link) {
      const label = this.parser.parseInline(tokens)
      if (!isSafeUrl(href)) return label
      const titleAttr = title ? ` title="${escapeHtml(title)}"` : ''
      return `<a href="${escapeHtml(href)}"${titleAttr}>${label}</a>`
    },
    image({ href, text }: Tokens.Image) {
      if (!isSafeUrl(href)) return escapeHtml(text)
      return `<img src="${escapeHtml(href)}" alt="${escapeHtml(text)}" loading="lazy">`
    },
  },
})

export const renderMarkdown = (source: string): string => marked.parse(source) as string

/** A copy of a page's content with every Markdown field (see MARKDOWN_FIELDS) turned into HTML. */
export function renderMarkdownFields<T>(value: T): T {
  return walk(value, false) as T
}

function walk(value: unknown, isMarkdown: boolean): unknown {
  if (typeof value === 'string') return isMarkdown ? renderMarkdown(value) : value
  if (Array.isArray(value)) return value.map((item) => walk(item, isMarkdown))
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, field]) => [key, walk(field, MARKDOWN_FIELDS.has(key))]),
    )
  }
  return value
}
