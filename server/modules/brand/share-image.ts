/**
 * The share image drawn from the settings when the owner has uploaded none (common/share-image.ts):
 * 1200 x 630, the accent colour behind the business name, the tagline as the headline and the
 * owner's name and role, with the logo (or the site's own mark) in a white tile. It is an SVG
 * rendered to PNG by sharp (librsvg); the logo, an upload in any format, is laid over the tile by
 * sharp rather than embedded, which librsvg may not decode.
 */
import { SHARE_IMAGE_SIZE, type ShareImageInputs } from '#common/share-image.ts'
import { escapeMarkup } from '#common/escape-markup.ts'
import { imageVariantPath } from '#common/images.ts'
import { dropXmlForbiddenChars } from '#common/xml-chars.ts'
import { loadSharp } from '#server/lib/load-sharp.ts'

const { width: WIDTH, height: HEIGHT } = SHARE_IMAGE_SIZE
const MARGIN = 80
const TEXT_WIDTH = WIDTH - 2 * MARGIN

/**
 * The stack scripts/make-images.ts draws the site's images with: librsvg finds fonts through
 * fontconfig, so a name the machine lacks falls through to the next, and `sans-serif` to whatever
 * sans face is installed. Nothing is downloaded.
 */
const FONT_STACK = `system-ui, -apple-system, 'Segoe UI', Roboto, 'Liberation Sans', 'DejaVu Sans', Arial, sans-serif`

/** The white tile holding the logo or the mark, top left, and the logo's box inside it. */
const TILE = { left: MARGIN, top: MARGIN, size: 112 }
const LOGO_INSET = 12
const LOGO_BOX = {
  left: TILE.left + LOGO_INSET,
  top: TILE.top + LOGO_INSET,
  size: TILE.size - 2 * LOGO_INSET,
}

/** The business name beside the tile. */
const NAME = { x: TILE.left + TILE.size + 28, y: TILE.top + TILE.size / 2 + 15, size: 44 }
/** The headline's band, between the tile and the owner's line. */
const HEADLINE = { top: 250, bottom: 480, sizes: [68, 60, 52, 44, 38], lineHeight: 1.15 }
const OWNER_LINE = { y: 550, sizes: [30, 26, 22] }

/**
 * A text's width in ems, estimated: the real one needs the font, which only librsvg picks. The
 * figures are DejaVu Sans Bold's (the widest likely face) or a little more, so a line estimated to
 * fit does; Liberation Sans and Arial come out narrower.
 */
function widthInEms(text: string): number {
  let ems = 0
  for (const char of text) {
    if (
      /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]/.test(char)
    )
      ems += 1
    else if (/[\s.,:;'’!|()[\]ijlftIr-]/.test(char)) ems += 0.38
    else if (/[mw@%&…—]/i.test(char)) ems += 1
    else if (/[A-Z]/.test(char)) ems += 0.78
    else ems += 0.7
  }
  return ems
}

const fits = (text: string, size: number, width: number) => widthInEms(text) * size <= width

/** `text` cut where an ellipsis after it still fits, and the ellipsis. */
function cutWithEllipsis(text: string, size: number, width: number): string {
  const chars = [...text]
  while (chars.length > 0 && !fits(`${chars.join('').trimEnd()}…`, size, width)) chars.pop()
  return `${chars.join('').trimEnd()}…`
}

/** `text`, or when it is too wide, as much of it as fits with an ellipsis. */
const ellipsize = (text: string, size: number, width: number) =>
  fits(text, size, width) ? text : cutWithEllipsis(text, size, width)

/** The words of `text` in lines no wider than `width`; a word too long for a line is cut into it. */
function wrap(text: string, size: number, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word
    if (fits(candidate, size, width)) {
      line = candidate
      continue
    }
    if (line) lines.push(line)
    line = word
    while (!fits(line, size, width)) {
      const chars = [...line]
      let head = ''
      while (chars.length > 0 && fits(head + chars[0]!, size, width)) head += chars.shift()!
      if (!head) head = chars.shift()!
      lines.push(head)
      line = chars.join('')
    }
  }
  if (line) lines.push(line)
  return lines
}

/**
 * The headline at the largest size whose lines fit the band; at the smallest, the lines that fit,
 * the last ending in an ellipsis.
 */
function headline(text: string): { size: number; lines: string[] } {
  const band = HEADLINE.bottom - HEADLINE.top
  for (const size of HEADLINE.sizes) {
    const lines = wrap(text, size, TEXT_WIDTH)
    if (lines.length * size * HEADLINE.lineHeight <= band) return { size, lines }
  }
  const size = HEADLINE.sizes.at(-1)!
  const room = Math.floor(band / (size * HEADLINE.lineHeight))
  const lines = wrap(text, size, TEXT_WIDTH)
  return {
    size,
    lines: [...lines.slice(0, room - 1), cutWithEllipsis(lines[room - 1]!, size, TEXT_WIDTH)],
  }
}

/** The largest of `sizes` at which `text` fits `width`, else the smallest with an ellipsis. */
function oneLine(text: string, sizes: readonly number[], width: number) {
  const size = sizes.find((candidate) => fits(text, candidate, width)) ?? sizes.at(-1)!
  return { size, text: ellipsize(text, size, width) }
}

/** Text safe inside an SVG element: no character XML forbids, markup escaped. */
const svgText = (text: string) => escapeMarkup(dropXmlForbiddenChars(text))

/** `#rrggbb` scaled towards black by `factor` (0 black, 1 unchanged). */
function darker(hex: string, factor: number): string {
  const n = Number.parseInt(hex.slice(1), 16)
  const scaled = [16, 8, 0].map((shift) => Math.round(((n >> shift) & 255) * factor))
  return `#${scaled.map((c) => c.toString(16).padStart(2, '0')).join('')}`
}

/**
 * The image as SVG. Without a logo the tile shows the site's own mark (public/favicon.svg's
 * drawing) in the accent colour; with one it is left empty for drawShareImage to lay the logo over
 * (LOGO_BOX).
 */
export function composeShareImageSvg(inputs: ShareImageInputs): string {
  const accent = inputs.accentColor
  const name = oneLine(inputs.businessName, [NAME.size, 36, 30], WIDTH - MARGIN - NAME.x)
  const title = headline(inputs.tagline)
  const owner = oneLine(
    [inputs.ownerName, inputs.ownerRole].filter(Boolean).join(' · '),
    OWNER_LINE.sizes,
    TEXT_WIDTH,
  )
  const mark = inputs.logo
    ? ''
    : `<g transform="translate(${TILE.left + 14} ${TILE.top + 14}) scale(2.625)"><path d="M12 10l-6 6 6 6M20 10l6 6-6 6M17.5 8.5l-3 15" fill="none" stroke="${accent}" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round"/></g>`
  const rings = Array.from(
    { length: 12 },
    (_, i) => `<circle cx="1060" cy="120" r="${40 + i * 46}"/>`,
  ).join('')
  // The headline's lines centred in their band.
  const titleTop =
    HEADLINE.top +
    (HEADLINE.bottom - HEADLINE.top - title.lines.length * title.size * HEADLINE.lineHeight) / 2
  const titleLines = title.lines
    .map((line, i) => {
      const y = Math.round(titleTop + title.size * (0.9 + i * HEADLINE.lineHeight))
      return `<text x="${MARGIN}" y="${y}" font-size="${title.size}" font-weight="800">${svgText(line)}</text>`
    })
    .join('')
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" xml:space="preserve" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${darker(accent, 0.45)}"/><stop offset="1" stop-color="${accent}"/></linearGradient></defs>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g)"/>`,
    `<g opacity="0.08" fill="none" stroke="#fff" stroke-width="2">${rings}</g>`,
    `<rect x="${TILE.left}" y="${TILE.top}" width="${TILE.size}" height="${TILE.size}" rx="24" fill="#fff"/>`,
    mark,
    `<g font-family="${FONT_STACK}" fill="#fff">`,
    `<text x="${NAME.x}" y="${NAME.y}" font-size="${name.size}" font-weight="700">${svgText(name.text)}</text>`,
    titleLines,
    `<text x="${MARGIN}" y="${OWNER_LINE.y}" font-size="${owner.size}" fill-opacity="0.85">${svgText(owner.text)}</text>`,
    `</g></svg>`,
  ].join('')
}

/**
 * The share image as PNG. `readUpload` reads an upload's file (the logo's 640 px variant, sharp
 * enough for a 88 px box); a logo that cannot be read leaves the tile empty rather than failing.
 */
export async function drawShareImage(
  inputs: ShareImageInputs,
  readUpload: (file: string) => Promise<Buffer | undefined>,
): Promise<Buffer> {
  const sharp = await loadSharp()
  const logoFile = inputs.logo && imageVariantPath(inputs.logo, 640).replace(/^\/uploads\//, '')
  const logo = logoFile ? await readUpload(logoFile) : undefined
  const overlay = logo
    ? await sharp(logo)
        .resize(LOGO_BOX.size, LOGO_BOX.size, {
          fit: 'contain',
          background: { r: 0, g: 0, b: 0, alpha: 0 },
        })
        .toBuffer()
    : undefined
  return (
    sharp(Buffer.from(composeShareImageSvg(inputs)))
      .composite(overlay ? [{ input: overlay, left: LOGO_BOX.left, top: LOGO_BOX.top }] : [])
      // A palette of 256 colours keeps the gradient smooth at half the bytes (about 75 kB) of full
      // colour, for twice the draw's time, spent once per version.
      .png({ compressionLevel: 9, palette: true })
      .toBuffer()
  )
}
