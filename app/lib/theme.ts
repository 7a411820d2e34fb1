/**
 * The owner's look as the document's head carries it, rendered on the server with every page (no
 * script): the accent as a CSS custom property the Tailwind brand colours read (app/styles/app.css),
 * the chosen font pair's @font-face rules and the files to preload, and the icons from the logo.
 */
import { iconPath } from '#common/brand-icons.ts'
import type { SiteSettings } from '#common/schemas/settings.ts'
import { FONT_FILES, type FontFace } from './fonts.ts'

const SYSTEM_SANS =
  "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif"
const SYSTEM_SERIF = "ui-serif, Georgia, Cambria, 'Times New Roman', serif"

type Look = Pick<SiteSettings, 'accentColor' | 'fontPair'>

const stack = (face: FontFace) =>
  `'${face.family}', ${face.fallback === 'serif' ? SYSTEM_SERIF : SYSTEM_SANS}`

const fontFaceRule = (face: FontFace) =>
  `@font-face{font-family:'${face.family}';font-style:normal;font-display:swap;font-weight:${face.weights};src:url(${face.url}) format('woff2')}`

/** The CSS for the head: the accent and the font pair (the accent is validated as #rrggbb). */
export function themeCss({ accentColor, fontPair }: Look): string {
  const fonts = FONT_FILES[fontPair]
  const accent = /^#[0-9a-f]{6}$/i.test(accentColor) ? accentColor : '#174ca8'
  if (!fonts) return `:root{--accent:${accent}}`
  const faces = [...new Set([fonts.heading, fonts.body])]
  return [
    ...faces.map(fontFaceRule),
    `:root{--accent:${accent};--font-sans:${stack(fonts.body)};--font-heading:${stack(fonts.heading)}}`,
  ].join('\n')
}

/**
 * Every font pair's faces as @font-face rules, and each pair's heading and body stacks: the setup
 * page shows a specimen of each pair in its own fonts (a browser fetches a face only once a text
 * uses it).
 */
export function fontSpecimens(): {
  css: string
  stacks: Record<string, { heading: string; body: string }>
} {
  const pairs = Object.entries(FONT_FILES)
  const faces = new Map<string, FontFace>()
  for (const [, fonts] of pairs)
    if (fonts) for (const face of [fonts.heading, fonts.body]) faces.set(face.family, face)
  return {
    css: [...faces.values()].map(fontFaceRule).join('\n'),
    stacks: Object.fromEntries(
      pairs.map(([id, fonts]) => [
        id,
        fonts
          ? { heading: stack(fonts.heading), body: stack(fonts.body) }
          : { heading: SYSTEM_SANS, body: SYSTEM_SANS },
      ]),
    ),
  }
}

/** The font files the page uses, to preload (one per face). */
export function fontPreloads({ fontPair }: Look): string[] {
  const fonts = FONT_FILES[fontPair]
  return fonts ? [...new Set([fonts.heading.url, fonts.body.url])] : []
}

/** The favicon and touch icon: made from the logo when there is one, else the site's own. */
export function iconLinks(
  logo: string | null,
): { rel: string; href: string; type: string; sizes?: string }[] {
  if (!logo) {
    return [
      { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
      { rel: 'apple-touch-icon', href: '/apple-touch-icon.png', type: 'image/png' },
    ]
  }
  return [
    { rel: 'icon', href: iconPath(logo, 32), type: 'image/png', sizes: '32x32' },
    { rel: 'apple-touch-icon', href: iconPath(logo, 180), type: 'image/png', sizes: '180x180' },
  ]
}
