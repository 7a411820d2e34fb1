/**
 * How image paths map to files: an upload `/uploads/<hash>.webp` is its widest variant, and
 * `/uploads/<hash>-<width>.webp` one of the narrower ones; `/images/...` are static files.
 */
import { DEFAULT_IMAGE, IMAGE_MAX_WIDTH, IMAGE_VARIANT_WIDTHS } from './constants.ts'

export const UPLOAD_HASH_LENGTH = 24

/** The dimensions of the shipped `/images/default.jpg`. */
export const DEFAULT_IMAGE_SIZE = { width: 1200, height: 750 } as const

export type ImageVariantWidth = (typeof IMAGE_VARIANT_WIDTHS)[number]

const UPLOAD_FILE_PATTERN = new RegExp(
  `^([a-f0-9]{${UPLOAD_HASH_LENGTH}})(?:-(${IMAGE_VARIANT_WIDTHS.join('|')}))?\\.webp$`,
)

export interface UploadFile {
  hash: string
  width: ImageVariantWidth
}

/** Parses the file name of an upload URL ("<hash>.webp" or "<hash>-<width>.webp"); anything else is null. */
export function parseUploadFile(file: string): UploadFile | null {
  const match = UPLOAD_FILE_PATTERN.exec(file)
  if (!match) return null
  const width = match[2] ? (Number(match[2]) as ImageVariantWidth) : IMAGE_MAX_WIDTH
  return { hash: match[1]!, width }
}

export const uploadPath = (hash: string) => `/uploads/${hash}.webp`

const uploadVariantPath = (hash: string, width: ImageVariantWidth) =>
  width === IMAGE_MAX_WIDTH ? uploadPath(hash) : `/uploads/${hash}-${width}.webp`

function uploadOf(path: string): UploadFile | null {
  return path.startsWith('/uploads/') ? parseUploadFile(path.slice('/uploads/'.length)) : null
}

/** The path of an upload's variant of the given width (e.g. the admin thumbnail); other paths as they are. */
export function imageVariantPath(path: string, width: ImageVariantWidth): string {
  const upload = uploadOf(path)
  return upload ? uploadVariantPath(upload.hash, width) : path
}

export interface ResponsiveImage {
  src: string
  srcSet?: string
  /** Intrinsic size, known only for the shipped default image (an upload's path carries no size). */
  width?: number
  height?: number
}

/** The attributes of an <img> for a stored image path: every variant in srcSet for uploads. */
export function imageSrcSet(path: string): ResponsiveImage {
  const upload = uploadOf(path)
  if (upload) {
    return {
      src: uploadPath(upload.hash),
      srcSet: IMAGE_VARIANT_WIDTHS.map((w) => `${uploadVariantPath(upload.hash, w)} ${w}w`).join(
        ', ',
      ),
    }
  }
  if (path === DEFAULT_IMAGE) return { src: path, ...DEFAULT_IMAGE_SIZE }
  return { src: path }
}
