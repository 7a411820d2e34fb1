import { describe, expect, it } from 'vitest'
import { isSafeUrl, renderMarkdown, renderMarkdownFields } from './markdown.ts'

describe('renderMarkdown', () => {
  it('renders emphasis, links, lists and code', () => {
    expect(renderMarkdown('**bold** *it* `x` [a](/about)\n\n- one\n- two')).toBe(
      '<p><strong>bold</strong> <em>it</em> <code>x</code> <a href="/about">a</a></p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n',
    )
  })

  it.each([
    ['an inline script', 'Hi <script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    [
      'a block with a handler',
      '<div onclick="x()">box</div>',
      '&lt;div onclick=&quot;x()&quot;&gt;box&lt;/div&gt;',
    ],
    ['an <img onerror>', '<img src=x onerror=alert(1)>', '&lt;img src=x onerror=alert(1)&gt;'],
  ])('shows %s as text', (_name, markdown, escaped) => {
    const html = renderMarkdown(markdown)
    expect(html).not.toMatch(/<script|<div|<img/)
    expect(html).toContain(escaped)
  })

  it('keeps links and images with an unsafe scheme as plain text', () => {
    const html = renderMarkdown('[click](javascript:alert(1)) ![pic](data:image/png;base64,AA)')
    expect(html).not.toMatch(/<a|<img|href=|src=/)
    expect(html).toContain('click')
  })

  it('links bare addresses and renders images with a safe address', () => {
    const html = renderMarkdown('See https://example.com\n\n![A desk](/uploads/a.webp)')
    expect(html).toContain('<a href="https://example.com">https://example.com</a>')
    expect(html).toContain('<img src="/uploads/a.webp" alt="A desk">')
  })

  it('links an address written without a scheme, and an e-mail address', () => {
    const html = renderMarkdown('Visit www.example.com or write to sam@example.com')
    expect(html).toContain('<a href="http://www.example.com">www.example.com</a>')
    expect(html).toContain('<a href="mailto:sam@example.com">sam@example.com</a>')
  })

  it('escapes quotes in link addresses and titles', () => {
    const html = renderMarkdown('[a](https://x.test/?q="1" "say \\"hi\\"")')
    expect(html).toContain('href="https://x.test/?q=%221%22"')
    expect(html).toContain('title="say &quot;hi&quot;"')
  })
})

describe('captioned images', () => {
  it('makes an image with a title, alone in its paragraph, a figure with that caption', () => {
    expect(
      renderMarkdown('Before.\n\n![A desk](/uploads/a.webp "The desk, in spring")\n\nAfter.'),
    ).toBe(
      '<p>Before.</p>\n<figure><img src="/uploads/a.webp" alt="A desk"><figcaption>The desk, in spring</figcaption></figure>\n<p>After.</p>\n',
    )
  })

  it('escapes the caption', () => {
    const html = renderMarkdown('![x](/a.webp "<script>alert(1)</script> & \\"so\\"")')
    expect(html).toContain(
      '<figcaption>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;so&quot;</figcaption>',
    )
    expect(html).not.toContain('<script')
  })

  it('leaves an image without a title as it was', () => {
    expect(renderMarkdown('![A desk](/uploads/a.webp)')).toBe(
      '<p><img src="/uploads/a.webp" alt="A desk"></p>\n',
    )
  })

  it('leaves an image inside a sentence inline, its title kept', () => {
    const html = renderMarkdown('The logo ![L](/l.webp "Our logo") sits here.')
    expect(html).toBe('<p>The logo <img src="/l.webp" alt="L" title="Our logo"> sits here.</p>\n')
    expect(html).not.toContain('<figure')
  })

  it('captions a linked image alone in its paragraph, keeping the link', () => {
    expect(renderMarkdown('[![L](/l.webp "Home page")](https://example.com)')).toBe(
      '<figure><a href="https://example.com"><img src="/l.webp" alt="L"></a><figcaption>Home page</figcaption></figure>\n',
    )
  })

  it('makes no figure of an image with an unsafe address', () => {
    expect(renderMarkdown('![x](javascript:alert(1) "Caption")')).not.toMatch(/<figure|<img/)
  })
})

describe('isSafeUrl', () => {
  it.each(['/contact', '#top', 'https://example.com', 'mailto:a@b.c'])('accepts %s', (url) => {
    expect(isSafeUrl(url)).toBe(true)
  })
  it.each(['javascript:x', 'JAVASCRIPT:x', '//evil.test', 'data:text/html,x', 'vbscript:x'])(
    'refuses %s',
    (url) => expect(isSafeUrl(url)).toBe(false),
  )
})

describe('renderMarkdownFields', () => {
  it('renders the Markdown fields at any depth and leaves plain ones as typed', () => {
    const page = { title: '**t**', steps: [{ title: '<b>', body: '**b**' }] }
    expect(renderMarkdownFields(page)).toEqual({
      title: '**t**',
      steps: [{ title: '<b>', body: '<p><strong>b</strong></p>\n' }],
    })
  })
})
