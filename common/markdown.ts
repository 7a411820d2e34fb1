/**
 * Owner-written Markdown (page texts, FAQ answers) to HTML, the same on the server (public pages)
 * and in the admin's live preview: markdown-it with raw HTML off, so HTML in the source is shown as
 * text, and links or images only with a site path or an http(s) or mailto address (a link with any
 * other scheme, javascript: or data: included, stays plain text).
 */
import MarkdownIt from 'markdown-it'
import { MARKDOWN_FIELDS } from './schemas/pages.ts'

/** Site-relative paths, fragments, and http(s) or mailto addresses. */
export function isSafeUrl(url: string): boolean {
  const trimmed = url.trim()
  if (/^(?:\/(?!\/)|#|\?)/.test(trimmed)) return true
  return /^(?:https?:\/\/|mailto:)/i.test(trimmed)
}

/**
 * A renderer with the rules above. For articles (server/lib/articles.ts): `highlight` turns a
 * fenced block's code into escaped HTML for its language, or answers '' to leave it plain; with
 * `isImageLinked`, every image not already inside a link opens full size.
 */
export function createMarkdownRenderer({
  highlight,
  isImageLinked = false,
}: {
  highlight?: (code: string, language: string) => string
  isImageLinked?: boolean
} = {}): (source: string) => string {
  const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false, highlight })
  // linkify-it 6 (markdown-it 15) stopped linking addresses written without a scheme
  // (www.example.com); owners' texts were written when they were linked, so they still are.
  markdown.linkify.set({ fuzzyLink: true })
  markdown.validateLink = isSafeUrl
  if (isImageLinked) {
    const renderImage = markdown.renderer.rules.image!
    markdown.renderer.rules.image = (tokens, idx, options, env, self) => {
      const image = renderImage(tokens, idx, options, env, self)
      const isInLink = tokens
        .slice(0, idx)
        .reduce(
          (depth, token) =>
            depth + (token.type === 'link_open' ? 1 : token.type === 'link_close' ? -1 : 0),
          0,
        )
      if (isInLink > 0) return image
      const src = markdown.utils.escapeHtml(String(tokens[idx]!.attrGet('src') ?? ''))
      return `<a href="${src}" class="article-image">${image}</a>`
    }
  }
  return (source) => markdown.render(source)
}

export const renderMarkdown = createMarkdownRenderer()

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
