import { describe, expect, it } from 'vitest'
import { renderMarkdown } from './markdown.ts'

describe('renderMarkdown', () => {
  it('renders paragraphs, emphasis, lists and links', () => {
    const html = renderMarkdown('Hello **there**.\n\n- one\n- [two](https://example.com)')
    expect(html).toContain('<strong>there</strong>')
    expect(html).toContain('<li><a href="https://example.com">two</a></li>')
  })

  it('shows raw HTML as text', () => {
    const html = renderMarkdown('<script>alert(1)</script> <img src=x onerror=alert(1)>')
    expect(html).not.toContain('<script')
    expect(html).not.toContain('<img')
    expect(html).toContain('&lt;script&gt;')
  })

  it('refuses javascript: links', () => {
    const html = renderMarkdown('[click](javascript:alert(1))')
    expect(html).not.toContain('href="javascript')
  })
})
