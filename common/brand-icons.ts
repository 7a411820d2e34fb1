/**
 * The addresses of the icons made from the owner's logo (server/modules/brand): `/brand/<logo
 * hash>-<size>.png`, so a browser keeps each for good and a new logo is a new address.
 */
import { parseUploadFile } from './images.ts'

/** The favicon, the touch icon, and the two sizes installable web apps ask for. */
export const ICON_SIZES = [32, 180, 192, 512] as const
export type IconSize = (typeof ICON_SIZES)[number]

const hashOf = (logo: string) => parseUploadFile(logo.replace(/^\/uploads\//, ''))?.hash

/** The icon of `size` px made from `logo` (an upload path). */
export const iconPath = (logo: string, size: IconSize) =>
  `/brand/${hashOf(logo) ?? 'none'}-${size}.png`

const ICON_FILE = /^([0-9a-f]+)-(\d+)\.png$/

/** The logo hash and size a /brand/ file name asks for, or undefined for another name. */
export function parseIconFile(file: string): { hash: string; size: IconSize } | undefined {
  const match = ICON_FILE.exec(file)
  const size = Number(match?.[2])
  if (!match || !(ICON_SIZES as readonly number[]).includes(size)) return undefined
  return { hash: match[1]!, size: size as IconSize }
}
