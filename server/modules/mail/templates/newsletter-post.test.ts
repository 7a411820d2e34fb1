import { describe, expect, it } from 'vitest'
import { mailBrandOf, mailLayout } from './layout.ts'
import { newsletterPostMail } from './newsletter-post.ts'

const PUBLIC_URL = 'https://site.example'
const LOGO = '/uploads/0123456789abcdef01234567.webp'
const post = {
  title: 'Faster <pages> & "forms"',
  summary: 'Three notes on <speed>.',
  body: 'A [link](/portfolio).',
  image: '',
  imageAlt: '',
  slug: 'faster-pages',
}

const mailOf = (
  brand = mailBrandOf(
    { businessName: 'Okafor & Co', accentColor: '#0f5132', logo: null },
    PUBLIC_URL,
  ),
) =>
  newsletterPostMail({
    post,
    postUrl: `${PUBLIC_URL}/journal/${post.slug}`,
    publicUrl: PUBLIC_URL,
    unsubscribeUrl: `${PUBLIC_URL}/unsubscribe/token-1`,
    brand,
  })

describe('newsletterPostMail', () => {
  it('names the business as the wordmark while there is no logo', () => {
    const { html } = mailOf()
    expect(html).not.toContain('<img')
    expect(html).toMatch(/<span style="[^"]*color:#0f5132[^"]*">Okafor &amp; Co<\/span>/)
    expect(html).toContain(`<a href="${PUBLIC_URL}/" style="text-decoration:none;color:#0f172a">`)
  })

  it("shows the logo's PNG icon at an absolute address beside the name", () => {
    const { html } = mailOf(
      mailBrandOf({ businessName: 'Okafor & Co', accentColor: '#0f5132', logo: LOGO }, PUBLIC_URL),
    )
    expect(html).toContain(
      `<img src="${PUBLIC_URL}/brand/0123456789abcdef01234567-180.png" alt="" width="40" height="40"`,
    )
    expect(html).toContain('>Okafor &amp; Co</span>')
  })

  it('draws "Read on the site" in white on the accent colour, links in the accent colour', () => {
    const { html, text } = mailOf()
    expect(html).toMatch(
      /<td bgcolor="#0f5132" style="background:#0f5132;border-radius:8px"><a href="https:\/\/site\.example\/journal\/faster-pages" style="[^"]*color:#ffffff[^"]*">Read on the site<\/a>/,
    )
    expect(html).toContain(`<a style="color:#0f5132" href="${PUBLIC_URL}/portfolio">link</a>`)
    expect(text).toContain(`Read on the site: ${PUBLIC_URL}/journal/faster-pages`)
  })

  it('hides the summary as the preview line, or the title without one, escaped', () => {
    expect(mailOf().html).toMatch(
      /^<!doctype html>[\s\S]*<body [^>]*>\n<div style="display:none;[^"]*">Three notes on &lt;speed&gt;\.<\/div>/,
    )
    const untitled = newsletterPostMail({
      post: { ...post, summary: '' },
      postUrl: `${PUBLIC_URL}/journal/${post.slug}`,
      publicUrl: PUBLIC_URL,
      unsubscribeUrl: `${PUBLIC_URL}/unsubscribe/token-1`,
      brand: mailBrandOf({ businessName: 'B', accentColor: '#0f5132', logo: null }, PUBLIC_URL),
    })
    expect(untitled.html).toMatch(
      /<div style="display:none;[^"]*">Faster &lt;pages&gt; &amp; &quot;forms&quot;<\/div>/,
    )
  })

  it('keeps a 600 px layout, the escaped title and the unsubscribe footer', () => {
    const { html } = mailOf()
    expect(html).toContain('width="600"')
    expect(html).toContain('max-width:600px')
    expect(html).toContain('<title>Faster &lt;pages&gt; &amp; &quot;forms&quot;</title>')
    expect(html).not.toContain('<pages>')
    expect(html).toContain(
      `<p style="font-size:13px;color:#64748b">You receive this because you subscribed to Okafor &amp; Co&#39;s journal. <a href="${PUBLIC_URL}/unsubscribe/token-1" style="color:#64748b">Unsubscribe</a></p>`,
    )
    expect(html).not.toMatch(/<style|class="/)
  })
})

describe('mailLayout', () => {
  it('draws every mail in the branded layout: the accent band, the wordmark, the escaped title', () => {
    const html = mailLayout('A & B', '<p>Hi</p>', {
      brand: mailBrandOf(
        { businessName: 'Okafor & Co', accentColor: '#0f5132', logo: null },
        PUBLIC_URL,
      ),
    })
    expect(html).toContain('<title>A &amp; B</title>')
    expect(html).toContain('border-top:4px solid #0f5132')
    expect(html).toMatch(/<span style="[^"]*color:#0f5132[^"]*">Okafor &amp; Co<\/span>/)
    expect(html).toContain('<p>Hi</p>')
  })
})
