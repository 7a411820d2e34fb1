/**
 * The font pairs' files (common/site-identity.ts lists the pairs): Latin variable WOFF2 files from
 * the @fontsource-variable packages, which Vite copies into the build as hashed assets, so the site
 * serves every font itself. A pair of two faces loads two files; the system pair loads none.
 */
import dmSans from '@fontsource-variable/dm-sans/files/dm-sans-latin-wght-normal.woff2?url'
import figtree from '@fontsource-variable/figtree/files/figtree-latin-wght-normal.woff2?url'
import fraunces from '@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2?url'
import inter from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url'
import playfairDisplay from '@fontsource-variable/playfair-display/files/playfair-display-latin-wght-normal.woff2?url'
import spaceGrotesk from '@fontsource-variable/space-grotesk/files/space-grotesk-latin-wght-normal.woff2?url'
import type { FontPairId } from '#common/site-identity.ts'

export interface FontFace {
  family: string
  url: string
  /** The variable font's weight range. */
  weights: string
  fallback: 'sans-serif' | 'serif'
}

const FACES = {
  inter: { family: 'Inter Variable', url: inter, weights: '100 900', fallback: 'sans-serif' },
  fraunces: { family: 'Fraunces Variable', url: fraunces, weights: '100 900', fallback: 'serif' },
  spaceGrotesk: {
    family: 'Space Grotesk Variable',
    url: spaceGrotesk,
    weights: '300 700',
    fallback: 'sans-serif',
  },
  dmSans: { family: 'DM Sans Variable', url: dmSans, weights: '100 1000', fallback: 'sans-serif' },
  playfairDisplay: {
    family: 'Playfair Display Variable',
    url: playfairDisplay,
    weights: '400 900',
    fallback: 'serif',
  },
  figtree: { family: 'Figtree Variable', url: figtree, weights: '300 900', fallback: 'sans-serif' },
} satisfies Record<string, FontFace>

/** Each pair's heading and body faces; the system pair uses the system's own fonts. */
export const FONT_FILES: Record<FontPairId, { heading: FontFace; body: FontFace } | null> = {
  system: null,
  inter: { heading: FACES.inter, body: FACES.inter },
  'fraunces-inter': { heading: FACES.fraunces, body: FACES.inter },
  'space-grotesk-dm-sans': { heading: FACES.spaceGrotesk, body: FACES.dmSans },
  'playfair-figtree': { heading: FACES.playfairDisplay, body: FACES.figtree },
}
