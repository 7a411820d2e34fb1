/**
 * Owner-written Markdown (FAQ answers, page texts) to HTML for server-rendered pages. Raw HTML in
 * the source is shown as text, never passed through (`html: false`), and markdown-it's own link
 * check refuses javascript:, vbscript:, file: and non-image data: URLs, so the output is safe to
 * insert as it is.
 */
import MarkdownIt from 'markdown-it'

const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false })

export function renderMarkdown(source: string): string {
  return markdown.render(source)
}
