/**
 * Pictures the project draws itself: the default website image and one browser mock-up per demo
 * portfolio entry. Each is an SVG string rendered by sharp, so no image file has to be downloaded.
 */
import { loadSharp } from '#server/lib/load-sharp.ts'
import { DEFAULT_IMAGE_SIZE } from '#common/images.ts'
import { escapeMarkup } from '#common/escape-markup.ts'

type Motif = 'bread' | 'physio' | 'camera' | 'scales' | 'lotus' | 'beer'

export interface MockupTheme {
  name: string
  tagline: string
  motif: Motif
  /** Page background, page surface, brand colour, accent, text. */
  colors: { background: string; surface: string; primary: string; accent: string; ink: string }
  /** Hero illustration on the right (default) or on the left. */
  heroSide?: 'left' | 'right'
}

const MOCKUP_SIZE = { width: 1600, height: 1000 } as const

// System fonts differ between machines; librsvg takes the first one present and draws no text without any.
const FONT = "'DejaVu Sans', 'Helvetica Neue', Arial, sans-serif"

/** Room for the hero title beside the illustration, and a bold sans-serif glyph's average width. */
const TITLE_MAX_WIDTH = 860
const BOLD_CHAR_EM = 0.6

const svgDocument = (width: number, height: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`

/** A browser window frame: title bar with three dots and an address bar, on a soft shadow (stacked rects: a blur filter costs ten times the drawing). */
function browserFrame(x: number, y: number, w: number, h: number, chrome: string, page: string) {
  const bar = Math.round(h * 0.075)
  const dot = bar * 0.16
  return `
    <g>
      ${[1, 2, 3, 4, 5, 6]
        .map(
          (i) =>
            `<rect x="${x - i * 3}" y="${y + 4 + i * 3}" width="${w + i * 6}" height="${h}" rx="${22 + i * 3}" fill="#0b1437" opacity="0.045"/>`,
        )
        .join('')}
      <rect x="${x}" y="${y}" width="${w}" height="${h}" rx="22" fill="${page}"/>
      <path d="M${x} ${y + 22} a22 22 0 0 1 22 -22 h${w - 44} a22 22 0 0 1 22 22 v${bar - 22} h-${w} z" fill="${chrome}"/>
      <circle cx="${x + bar * 0.6}" cy="${y + bar / 2}" r="${dot}" fill="#f87171"/>
      <circle cx="${x + bar * 1.05}" cy="${y + bar / 2}" r="${dot}" fill="#fbbf24"/>
      <circle cx="${x + bar * 1.5}" cy="${y + bar / 2}" r="${dot}" fill="#34d399"/>
      <rect x="${x + bar * 2.2}" y="${y + bar * 0.25}" width="${w * 0.45}" height="${bar * 0.5}" rx="${bar * 0.25}" fill="#ffffff" opacity="0.85"/>
    </g>`
}

/** Grey bars standing in for lines of text. */
function textLines(
  x: number,
  y: number,
  widths: number[],
  height: number,
  color: string,
  gap = height * 1.9,
) {
  return widths
    .map(
      (w, i) =>
        `<rect x="${x}" y="${y + i * gap}" width="${w}" height="${height}" rx="${height / 2}" fill="${color}"/>`,
    )
    .join('')
}

/** The site's illustration, drawn in a 200 x 200 box. */
function motifArt(motif: Motif, primary: string, accent: string): string {
  switch (motif) {
    case 'bread':
      return `
        <ellipse cx="100" cy="118" rx="86" ry="52" fill="${accent}"/>
        <ellipse cx="100" cy="108" rx="80" ry="44" fill="#e9b872"/>
        <path d="M55 92 q15 25 30 30 M85 82 q15 25 30 30 M115 80 q15 25 30 30" stroke="#b7793a" stroke-width="7" fill="none" stroke-linecap="round"/>
        <path d="M160 20 v70 M160 30 l-12 -10 M160 30 l12 -10 M160 48 l-12 -10 M160 48 l12 -10 M160 66 l-12 -10 M160 66 l12 -10" stroke="${primary}" stroke-width="5" fill="none" stroke-linecap="round"/>`
    case 'physio':
      return `
        <circle cx="100" cy="100" r="92" fill="${accent}" opacity="0.35"/>
        <circle cx="92" cy="42" r="16" fill="${primary}"/>
        <path d="M92 62 L88 118 M90 76 L52 98 M90 76 L138 62 M88 118 L58 168 M88 118 L124 162" stroke="${primary}" stroke-width="14" stroke-linecap="round" fill="none"/>
        <path d="M150 118 h32 M166 102 v32" stroke="#ffffff" stroke-width="10" stroke-linecap="round"/>`
    case 'camera':
      return `
        <rect x="18" y="58" width="164" height="112" rx="18" fill="${primary}"/>
        <rect x="62" y="38" width="60" height="28" rx="8" fill="${primary}"/>
        <circle cx="100" cy="114" r="42" fill="#ffffff"/>
        <circle cx="100" cy="114" r="30" fill="${accent}"/>
        <circle cx="100" cy="114" r="14" fill="#1f2937"/>
        <circle cx="90" cy="104" r="5" fill="#ffffff" opacity="0.8"/>
        <rect x="148" y="72" width="18" height="10" rx="3" fill="${accent}"/>`
    case 'scales':
      return `
        <rect x="94" y="30" width="12" height="140" fill="${primary}"/>
        <rect x="58" y="166" width="84" height="14" rx="4" fill="${primary}"/>
        <rect x="30" y="48" width="140" height="8" rx="4" fill="${primary}"/>
        <circle cx="100" cy="34" r="10" fill="${accent}"/>
        <path d="M42 56 L20 118 M42 56 L64 118 M158 56 L136 118 M158 56 L180 118" stroke="${primary}" stroke-width="3"/>
        <path d="M14 118 h56 a28 22 0 0 1 -56 0 z M130 118 h56 a28 22 0 0 1 -56 0 z" fill="${accent}"/>`
    case 'lotus':
      return `
        <circle cx="100" cy="70" r="40" fill="${accent}" opacity="0.7"/>
        <path d="M100 170 C70 140 70 100 100 70 C130 100 130 140 100 170 Z" fill="${primary}"/>
        <path d="M100 170 C60 160 36 130 34 100 C66 104 92 130 100 170 Z" fill="${primary}" opacity="0.75"/>
        <path d="M100 170 C140 160 164 130 166 100 C134 104 108 130 100 170 Z" fill="${primary}" opacity="0.75"/>
        <path d="M30 182 h140" stroke="${primary}" stroke-width="6" stroke-linecap="round" opacity="0.5"/>`
    case 'beer':
      return `
        <path d="M44 52 h96 l-10 128 a8 8 0 0 1 -8 7 h-60 a8 8 0 0 1 -8 -7 z" fill="${accent}"/>
        <path d="M140 78 h18 a18 18 0 0 1 18 18 v34 a18 18 0 0 1 -18 18 h-22" stroke="${accent}" stroke-width="12" fill="none"/>
        <path d="M40 58 a20 20 0 0 1 26 -26 a26 26 0 0 1 44 -6 a20 20 0 0 1 34 18 a14 14 0 0 1 -6 20 h-92 a12 12 0 0 1 -6 -6 z" fill="#fff7e6"/>
        <circle cx="76" cy="120" r="5" fill="#fff7e6" opacity="0.7"/><circle cx="100" cy="146" r="4" fill="#fff7e6" opacity="0.7"/><circle cx="112" cy="108" r="3" fill="#fff7e6" opacity="0.7"/>
        <path d="M22 150 q10 -18 22 -6 q-2 16 -22 6 z M30 176 q10 -18 22 -6 q-2 16 -22 6 z" fill="${primary}"/>`
  }
}

/** A browser showing the home page of a small-business site: navigation, hero, three service cards. */
export function siteMockupSvg(theme: MockupTheme): string {
  const { width: W, height: H } = MOCKUP_SIZE
  const { background, surface, primary, accent, ink } = theme.colors
  const [fx, fy, fw, fh] = [90, 70, W - 180, H - 130]
  const bar = Math.round(fh * 0.075)
  const top = fy + bar
  const pad = 70
  const artSize = 380
  const heroLeft = theme.heroSide === 'left'
  const textX = heroLeft ? fx + pad + artSize + 90 : fx + pad
  const artX = heroLeft ? fx + pad : fx + fw - pad - artSize
  const nav = `
    <rect x="${fx}" y="${top}" width="${fw}" height="86" fill="${surface}"/>
    <g transform="translate(${fx + pad} ${top + 18}) scale(0.25)">${motifArt(theme.motif, primary, accent)}</g>
    <text x="${fx + pad + 66}" y="${top + 54}" font-family="${FONT}" font-size="28" font-weight="bold" fill="${ink}">${escapeMarkup(theme.name)}</text>
    ${[0, 1, 2].map((i) => `<rect x="${fx + fw - pad - 420 + i * 120}" y="${top + 36}" width="90" height="14" rx="7" fill="${ink}" opacity="0.35"/>`).join('')}
    <rect x="${fx + fw - pad - 60}" y="${top + 26}" width="60" height="34" rx="17" fill="${primary}"/>`
  const heroY = top + 150
  const titleSize = Math.min(58, Math.floor(TITLE_MAX_WIDTH / (theme.name.length * BOLD_CHAR_EM)))
  const hero = `
    <text x="${textX}" y="${heroY + 40}" font-family="${FONT}" font-size="${titleSize}" font-weight="bold" fill="${ink}">${escapeMarkup(theme.name)}</text>
    <text x="${textX}" y="${heroY + 100}" font-family="${FONT}" font-size="30" fill="${ink}" opacity="0.75">${escapeMarkup(theme.tagline)}</text>
    ${textLines(textX, heroY + 150, [560, 500, 430], 16, ink, 34).replaceAll('fill=', 'opacity="0.18" fill=')}
    <rect x="${textX}" y="${heroY + 270}" width="230" height="64" rx="32" fill="${primary}"/>
    <rect x="${textX + 50}" y="${heroY + 295}" width="130" height="14" rx="7" fill="#ffffff"/>
    <rect x="${textX + 250}" y="${heroY + 270}" width="200" height="64" rx="32" fill="none" stroke="${primary}" stroke-width="4"/>
    <rect x="${textX + 300}" y="${heroY + 295}" width="100" height="14" rx="7" fill="${primary}" opacity="0.7"/>
    <circle cx="${artX + artSize / 2}" cy="${heroY + artSize / 2 - 20}" r="${artSize / 2}" fill="${accent}" opacity="0.18"/>
    <g transform="translate(${artX + 40} ${heroY + 20 - 20}) scale(${(artSize - 80) / 200})">${motifArt(theme.motif, primary, accent)}</g>`
  const cardsY = heroY + artSize + 40
  const cardW = (fw - pad * 2 - 60) / 3
  const cards = [0, 1, 2]
    .map((i) => {
      const x = fx + pad + i * (cardW + 30)
      return `
        <rect x="${x}" y="${cardsY}" width="${cardW}" height="${fy + fh - cardsY - 40}" rx="18" fill="${surface}"/>
        <circle cx="${x + 50}" cy="${cardsY + 50}" r="22" fill="${i === 1 ? accent : primary}"/>
        ${textLines(x + 90, cardsY + 40, [cardW * 0.45], 18, ink).replace('fill=', 'opacity="0.6" fill=')}
        ${textLines(x + 30, cardsY + 96, [cardW * 0.8, cardW * 0.65], 12, ink, 26).replaceAll('fill=', 'opacity="0.2" fill=')}`
    })
    .join('')
  return svgDocument(
    W,
    H,
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
       <stop offset="0" stop-color="${primary}"/><stop offset="1" stop-color="${accent}"/>
     </linearGradient></defs>
     <rect width="${W}" height="${H}" fill="url(#bg)"/>
     ${browserFrame(fx, fy, fw, fh, '#e5e7eb', background)}
     ${nav}${hero}${cards}`,
  )
}

/** The image of a website that has none yet: a browser window on the brand's blue, with no text. */
export function defaultImageSvg(): string {
  const { width: W, height: H } = DEFAULT_IMAGE_SIZE
  const [fx, fy, fw, fh] = [150, 95, W - 300, H - 190]
  const bar = Math.round(fh * 0.075)
  const top = fy + bar
  const code = (x: number, y: number, s: number) =>
    `<path d="M${x} ${y} l-${s} ${s} l${s} ${s} M${x + s * 1.2} ${y + s * 2.2} l${s * 0.8} -${s * 2.4} M${x + s * 2.6} ${y} l${s} ${s} l-${s} ${s}" stroke="#ffffff" stroke-width="${s * 0.32}" stroke-linecap="round" stroke-linejoin="round" fill="none"/>`
  return svgDocument(
    W,
    H,
    `<defs>
       <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
         <stop offset="0" stop-color="#1e3a8a"/><stop offset="0.55" stop-color="#2563eb"/><stop offset="1" stop-color="#38bdf8"/>
       </linearGradient>
       <linearGradient id="hero" x1="0" y1="0" x2="1" y2="0">
         <stop offset="0" stop-color="#1d4ed8"/><stop offset="1" stop-color="#3b82f6"/>
       </linearGradient>
     </defs>
     <rect width="${W}" height="${H}" fill="url(#bg)"/>
     <circle cx="${W - 90}" cy="80" r="160" fill="#ffffff" opacity="0.06"/>
     <circle cx="70" cy="${H - 40}" r="190" fill="#ffffff" opacity="0.05"/>
     ${browserFrame(fx, fy, fw, fh, '#dbeafe', '#f8fafc')}
     <rect x="${fx + 40}" y="${top + 24}" width="${fw - 80}" height="210" rx="16" fill="url(#hero)"/>
     ${code(fx + 120, top + 95, 34)}
     ${textLines(fx + 300, top + 92, [360, 280], 18, '#ffffff', 40).replaceAll('fill=', 'opacity="0.85" fill=')}
     <rect x="${fx + 300}" y="${top + 170}" width="140" height="36" rx="18" fill="#ffffff"/>
     ${[0, 1, 2]
       .map((i) => {
         const cw = (fw - 80 - 40) / 3
         const x = fx + 40 + i * (cw + 20)
         const y = top + 260
         return `<rect x="${x}" y="${y}" width="${cw}" height="${fy + fh - y - 30}" rx="14" fill="#e0e7ff"/>
                 <rect x="${x + 20}" y="${y + 20}" width="44" height="44" rx="10" fill="#2563eb" opacity="${0.55 + i * 0.2}"/>
                 ${textLines(x + 20, y + 84, [cw * 0.7, cw * 0.55, cw * 0.62], 10, '#1e3a8a', 22).replaceAll('fill=', 'opacity="0.3" fill=')}`
       })
       .join('')}`,
  )
}

export const renderPng = async (svg: string) =>
  (await loadSharp())(Buffer.from(svg)).png().toBuffer()

export const renderJpeg = async (svg: string, quality = 82) =>
  (await loadSharp())(Buffer.from(svg))
    .flatten({ background: '#ffffff' })
    .jpeg({ quality, mozjpeg: true })
    .toBuffer()
