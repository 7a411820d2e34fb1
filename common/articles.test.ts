import { describe, expect, it } from 'vitest'
import { renderArticle } from './articles.ts'

describe('renderArticle', () => {
  it('highlights fenced code of a named language into token spans inside <pre>', () => {
    const html = renderArticle('```ts\nconst answer: number = 42 // why\n```')
    expect(html).toMatch(/^<pre><code class="language-ts">/)
    expect(html).toContain('<span class="hljs-keyword">const</span>')
    expect(html).toContain('<span class="hljs-number">42</span>')
    expect(html).toContain('<span class="hljs-comment">// why</span>')
  })

  it('knows the aliases people write after a fence', () => {
    for (const name of ['tsx', 'jsx', 'html', 'sh', 'yml'])
      expect(renderArticle(`\`\`\`${name}\nx\n\`\`\``), name).toContain(`class="language-${name}"`)
    expect(renderArticle('```tsx\nconst a = <b />\n```')).toContain('hljs-keyword')
  })

  it('leaves code plain, and escaped, without a language or with an unknown one', () => {
    for (const fence of ['```', '```brainfuck']) {
      const html = renderArticle(`${fence}\n<script>alert(1)</script>\n\`\`\``)
      expect(html).not.toContain('<script>')
      expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
      expect(html).not.toContain('<span')
    }
  })

  it('escapes markup inside highlighted code', () => {
    const html = renderArticle('```html\n<img src=x onerror="alert(1)">\n```')
    expect(html).not.toMatch(/<img/)
    expect(html).toContain('&lt;')
  })

  it('renders quotes as blockquotes and keeps raw HTML out, as every Markdown field does', () => {
    expect(renderArticle('> Said once.')).toBe('<blockquote>\n<p>Said once.</p>\n</blockquote>\n')
    expect(renderArticle('<script>x</script>')).not.toContain('<script>')
  })

  it('links every image to its full size, except one already inside a link', () => {
    expect(renderArticle('![The form](/uploads/abc.webp)')).toContain(
      '<a href="/uploads/abc.webp" class="article-image"><img src="/uploads/abc.webp" alt="The form"></a>',
    )
    const linked = renderArticle('[![Logo](/uploads/l.webp)](https://example.com)')
    expect(linked.match(/<a /g)).toHaveLength(1)
    expect(renderArticle('![x](javascript:alert(1))')).not.toContain('href="javascript')
  })

  it('links a captioned image to its full size inside its figure', () => {
    expect(renderArticle('![The form](/uploads/abc.webp "The order form")')).toBe(
      '<figure><a href="/uploads/abc.webp" class="article-image"><img src="/uploads/abc.webp" alt="The form"></a><figcaption>The order form</figcaption></figure>\n',
    )
  })
})
