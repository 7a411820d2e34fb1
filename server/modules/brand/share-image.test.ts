import { describe, expect, it } from 'vitest'
import { SITE_DEFAULTS } from '#common/site-defaults.ts'
import { composeShareImageSvg } from './share-image.ts'

/** The text the SVG draws, line after line, its markup stripped and its entities read back. */
const drawnText = (svg: string) =>
  [...svg.matchAll(/<text\b[^>]*>([^<]*)<\/text>/g)]
    .map((match) =>
      match[1]!
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&amp;/g, '&'),
    )
    .join(' ')

const owner = {
  ...SITE_DEFAULTS,
  businessName: 'Okafor Digital',
  ownerName: 'Sam Okafor',
  ownerRole: 'Web designer',
  tagline: 'Websites for Leeds bakeries',
  accentColor: '#7c2d12',
}

describe('composeShareImageSvg', () => {
  it('is a 1200 x 630 picture', () => {
    expect(composeShareImageSvg(owner)).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]* width="1200" height="630" viewBox="0 0 1200 630">/,
    )
  })

  it("draws the owner's business name, tagline, name and role in the accent colour, and nothing of the first-run owner", () => {
    const svg = composeShareImageSvg(owner)
    const text = drawnText(svg)
    expect(text).toContain('Okafor Digital')
    expect(text).toContain('Websites for Leeds bakeries')
    expect(text).toContain('Sam Okafor · Web designer')
    expect(svg).toContain('stop-color="#7c2d12"')
    expect(svg).not.toContain('Rivera')
    expect(drawnText(composeShareImageSvg(SITE_DEFAULTS))).toContain('Rivera Web Studio')
  })

  it('escapes the texts for XML and drops the characters XML forbids', () => {
    const svg = composeShareImageSvg({ ...owner, businessName: 'A&B <Studio> "x" \u0007' })
    expect(svg).toContain('A&amp;B &lt;Studio&gt; &quot;x&quot;')
    expect(svg).not.toContain('<Studio>')
    expect(svg).not.toContain('\u0007')
  })

  it('wraps a long tagline into lines and cuts what does not fit with an ellipsis', () => {
    const long = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ')
    const lines = [
      ...composeShareImageSvg({ ...owner, tagline: long }).matchAll(/font-weight="800">([^<]*)</g),
    ].map((match) => match[1]!)
    expect(lines.length).toBeGreaterThan(1)
    expect(lines.at(-1)).toMatch(/…$/)
    const shown = lines.join(' ')
    expect(long.startsWith(shown.slice(0, -1).trimEnd())).toBe(true)
  })

  it("leaves the tile for the logo once one is set, and draws the site's mark without", () => {
    expect(composeShareImageSvg(owner)).toContain('<path ')
    expect(
      composeShareImageSvg({ ...owner, logo: '/uploads/0123456789abcdef01234567.webp' }),
    ).not.toContain('<path ')
  })
})
