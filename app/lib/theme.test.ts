import { describe, expect, it } from 'vitest'
import { fontPreloads, iconLinks, themeCss } from './theme.ts'

describe('themeCss', () => {
  it('sets only the accent for the system fonts', () => {
    expect(themeCss({ accentColor: '#0f766e', fontPair: 'system' })).toBe(':root{--accent:#0f766e}')
  })

  it('declares each face of a pair once, swapped in as it loads, and points the stacks at them', () => {
    const css = themeCss({ accentColor: '#0f766e', fontPair: 'fraunces-inter' })
    expect(css.match(/@font-face/g)).toHaveLength(2)
    expect(css).toContain("font-family:'Fraunces Variable'")
    expect(css).toContain('font-display:swap')
    expect(css).toMatch(/--font-heading:'Fraunces Variable', ui-serif/)
    expect(css).toMatch(/--font-sans:'Inter Variable', ui-sans-serif/)
    expect(
      themeCss({ accentColor: '#0f766e', fontPair: 'inter' }).match(/@font-face/g),
    ).toHaveLength(1)
  })

  it('never writes anything but a colour as the accent', () => {
    expect(themeCss({ accentColor: 'red;}body{display:none', fontPair: 'system' })).toBe(
      ':root{--accent:#174ca8}',
    )
  })
})

describe('fontPreloads', () => {
  it('preloads one file per face of the pair, none for the system fonts', () => {
    expect(fontPreloads({ accentColor: '#174ca8', fontPair: 'system' })).toEqual([])
    expect(fontPreloads({ accentColor: '#174ca8', fontPair: 'inter' })).toHaveLength(1)
    expect(
      fontPreloads({ accentColor: '#174ca8', fontPair: 'space-grotesk-dm-sans' }),
    ).toHaveLength(2)
  })
})

describe('iconLinks', () => {
  it("links the site's own icons without a logo, and 32 and 180 px PNGs made from it with one", () => {
    expect(iconLinks(null).map((link) => link.href)).toEqual([
      '/favicon.svg',
      '/apple-touch-icon.png',
    ])
    expect(iconLinks('/uploads/0123456789abcdef01234567.webp')).toEqual([
      {
        rel: 'icon',
        href: '/brand/0123456789abcdef01234567-32.png',
        type: 'image/png',
        sizes: '32x32',
      },
      {
        rel: 'apple-touch-icon',
        href: '/brand/0123456789abcdef01234567-180.png',
        type: 'image/png',
        sizes: '180x180',
      },
    ])
  })
})
