/**
 * Owner-written Markdown (page texts, FAQ answers) to HTML, the same on the server (public pages)
 * and in the admin's live preview: markdown-it with raw HTML off, so HTML in the source is shown as
 * text, and links or images only with a site path or an http(s) or mailto address (a link with any
 * other scheme, javascript: or data: included, stays plain text). An image with a title standing
 * alone in its paragraph, `![alt](src "A caption")`, becomes a figure with that title as its
 * caption; any other image stays inline, as written.
 */
import MarkdownIt, { type RendererRule, type StateCore, type Token } from 'markdown-it'
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
  markdown.core.ruler.push('captioned_image', captionImages)
  const renderParagraphOpen = markdown.renderer.rules.paragraph_open ?? renderToken
  const renderParagraphClose = markdown.renderer.rules.paragraph_close ?? renderToken
  markdown.renderer.rules.paragraph_open = (tokens, idx, options, env, self) =>
    isCaptioned(tokens[idx]!) ? '<figure>' : renderParagraphOpen(tokens, idx, options, env, self)
  markdown.renderer.rules.paragraph_close = (tokens, idx, options, env, self) => {
    const token = tokens[idx]!
    return isCaptioned(token)
      ? `<figcaption>${markdown.utils.escapeHtml(token.meta.caption)}</figcaption></figure>\n`
      : renderParagraphClose(tokens, idx, options, env, self)
  }
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

const renderToken: RendererRule = (tokens, idx, options, _env, self) =>
  self.renderToken(tokens, idx, options)

const isCaptioned = (token: Token): token is Token & { meta: { caption: string } } =>
  typeof token.meta?.caption === 'string'

/**
 * Marks each paragraph that holds nothing but one image with a title: its opening and closing
 * tokens carry the title as `meta.caption`, and the image loses its `title` (the caption shows it,
 * and a tooltip would repeat it). A paragraph hidden in a tight list stays as it is.
 */
function captionImages(state: StateCore) {
  const { tokens } = state
  for (let index = 0; index + 2 < tokens.length; index++) {
    const [open, inline, close] = [tokens[index]!, tokens[index + 1]!, tokens[index + 2]!]
    if (open.type !== 'paragraph_open' || open.hidden || inline.type !== 'inline') continue
    if (close.type !== 'paragraph_close' || !inline.children) continue
    const image = imageAlone(inline.children)
    if (!image) continue
    const caption = String(image.attrGet('title') ?? '').trim()
    if (!caption) continue
    image.attrs = (image.attrs ?? []).filter(([name]) => name !== 'title')
    open.meta = { ...open.meta, caption }
    close.meta = { ...close.meta, caption }
  }
}

/** The one image of a paragraph's content, alone or as a link's only content; else undefined. */
function imageAlone(children: Token[]): Token | undefined {
  const types = children.map((token) => token.type).join(' ')
  if (types === 'image') return children[0]
  if (types === 'link_open image link_close') return children[1]
  return undefined
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
