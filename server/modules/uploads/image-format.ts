/**
 * Recognises the accepted image formats by their leading bytes, never by file name or declared type,
 * so a renamed script or HTML file is refused before any decoder sees it.
 */
export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif'

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const AVIF_BRANDS = new Set(['avif', 'avis'])

const ascii = (content: Buffer, start: number, end: number) =>
  content.toString('latin1', start, end)

/** AVIF is an ISO-BMFF file whose leading `ftyp` box names avif/avis as major or compatible brand. */
function isAvif(content: Buffer): boolean {
  if (content.length < 16 || ascii(content, 4, 8) !== 'ftyp') return false
  const boxSize = Math.min(content.readUInt32BE(0), content.length)
  if (AVIF_BRANDS.has(ascii(content, 8, 12))) return true
  for (let offset = 16; offset + 4 <= boxSize; offset += 4) {
    if (AVIF_BRANDS.has(ascii(content, offset, offset + 4))) return true
  }
  return false
}

export function sniffImageFormat(content: Buffer): ImageFormat | null {
  if (content.length >= 3 && content[0] === 0xff && content[1] === 0xd8 && content[2] === 0xff)
    return 'jpeg'
  if (content.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return 'png'
  if (content.length >= 12 && ascii(content, 0, 4) === 'RIFF' && ascii(content, 8, 12) === 'WEBP')
    return 'webp'
  const gif = ascii(content, 0, 6)
  if (gif === 'GIF87a' || gif === 'GIF89a') return 'gif'
  if (isAvif(content)) return 'avif'
  return null
}
