/**
 * Turns an uploaded file into stored WebP variants and serves them back. Only sniffed image formats
 * reach the decoder, and the decoder refuses oversized or broken input (decompression bombs).
 */
import { createHash } from 'node:crypto'
import {
  FILE_TOO_LARGE,
  IMAGE_MAX_WIDTH,
  IMAGE_VARIANT_WIDTHS,
  UPLOAD_MAX_BYTES,
} from '#common/constants.ts'
import { parseUploadFile, UPLOAD_HASH_LENGTH, uploadPath, type UploadFile } from '#common/images.ts'
import { badRequest, notFound, payloadTooLarge } from '#server/lib/http-errors.ts'
import { loadSharp } from '#server/lib/load-sharp.ts'
import { sniffImageFormat } from './image-format.ts'
import type { NewImage, UploadsRepository } from './uploads.repository.ts'

const ONLY_IMAGES_ALLOWED = 'Only JPEG, PNG, WebP, GIF or AVIF images are allowed'
const UNREADABLE_IMAGE = 'The image could not be read'
const IMAGE_TOO_LARGE = 'The image has too many pixels'

/** Decoded size ceiling: a few-KB file can claim dimensions that would need gigabytes of memory. */
const MAX_INPUT_PIXELS = 40_000_000
const WEBP_QUALITY = 80
const WEBP_CONTENT_TYPE = 'image/webp'

const variantKey = (hash: string, width: number) => `${hash}-${width}`

export interface StoredImage {
  data: Buffer
  contentType: string
  byteSize: number
  etag: string
}

/** Each width of `widths` as a WebP variant of `content` (never wider than the source). */
async function encodeVariants(
  content: Buffer,
  hash: string,
  widths: readonly number[] = IMAGE_VARIANT_WIDTHS,
): Promise<NewImage[]> {
  const sharp = await loadSharp()
  // Metadata (EXIF, GPS, ICC comments) is dropped because sharp keeps none unless asked to.
  const source = sharp(content, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate()
  try {
    return await Promise.all(
      widths.map(async (width) => {
        const { data, info } = await source
          .clone()
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: WEBP_QUALITY })
          .toBuffer({ resolveWithObject: true })
        return {
          key: variantKey(hash, width),
          contentType: WEBP_CONTENT_TYPE,
          width: info.width,
          height: info.height,
          byteSize: data.length,
          data,
        }
      }),
    )
  } catch (error) {
    const message = error instanceof Error ? error.message : ''
    throw badRequest(/pixel limit/i.test(message) ? IMAGE_TOO_LARGE : UNREADABLE_IMAGE)
  }
}

/** An upload nothing refers to is deleted this long after it was last used. */
export const UNUSED_IMAGE_TTL_MS = 24 * 60 * 60 * 1000
/** How often the unused images are swept (the job `unused-images-sweep`). */
const UNUSED_IMAGE_SWEEP_INTERVAL_MS = 60 * 60 * 1000

export function createUploadsService({ repo, now }: { repo: UploadsRepository; now: () => Date }) {
  /**
   * Deletes the uploads that nothing has referred to (see image-references.ts) for a day, and
   * starts the clock for those just left unused. Returns the deleted variants' keys.
   */
  function sweepUnusedImages(): Promise<string[]> {
    const at = now()
    return repo.sweepUnused(at, new Date(at.getTime() - UNUSED_IMAGE_TTL_MS))
  }

  const deriving = new Map<string, Promise<NewImage | undefined>>()

  /**
   * A width added to IMAGE_VARIANT_WIDTHS after an image was stored: made from the image's widest
   * variant on first request and stored, so it is encoded once (concurrent requests share the work).
   */
  function deriveVariant({ hash, width }: UploadFile): Promise<NewImage | undefined> {
    const key = variantKey(hash, width)
    let pending = deriving.get(key)
    if (!pending) {
      pending = (async () => {
        const widest = await repo.findByKey(variantKey(hash, IMAGE_MAX_WIDTH))
        if (!widest) return undefined
        const [variant] = await encodeVariants(widest.data, hash, [width])
        await repo.insertMany([variant!], now())
        return variant
      })().finally(() => deriving.delete(key))
      deriving.set(key, pending)
    }
    return pending
  }

  return {
    /**
     * Stores an uploaded image as WebP variants and returns its path ("/uploads/<hash>.webp").
     * The same content always gets the same path, and storing it again changes nothing.
     * Throws 413 past UPLOAD_MAX_BYTES, and 400 when the content is not an accepted image format
     * or cannot be decoded.
     */
    async store(content: Buffer): Promise<string> {
      if (content.length > UPLOAD_MAX_BYTES) throw payloadTooLarge(FILE_TOO_LARGE)
      if (!sniffImageFormat(content)) throw badRequest(ONLY_IMAGES_ALLOWED)
      const hash = createHash('sha256').update(content).digest('hex').slice(0, UPLOAD_HASH_LENGTH)
      // The variants are inserted in one statement, so the widest one stands for all of them.
      if (!(await repo.exists(variantKey(hash, IMAGE_MAX_WIDTH)))) {
        await repo.insertMany(await encodeVariants(content, hash), now())
      } else {
        await repo.touchUnused(hash, now())
      }
      return uploadPath(hash)
    },

    sweepUnusedImages,

    /** How often the job runner sweeps unused images (server/modules/jobs). */
    sweepEvery: UNUSED_IMAGE_SWEEP_INTERVAL_MS,

    /** Throws 404 for a file name that is not an upload path or names no stored image. */
    async read(file: string): Promise<StoredImage> {
      const upload = parseUploadFile(file)
      const row =
        upload &&
        ((await repo.findByKey(variantKey(upload.hash, upload.width))) ??
          (upload.width === IMAGE_MAX_WIDTH ? undefined : await deriveVariant(upload)))
      if (!row) throw notFound('Image not found')
      return {
        data: row.data,
        contentType: row.contentType,
        byteSize: row.byteSize,
        etag: `"${row.key}"`,
      }
    },
  }
}

export type UploadsService = ReturnType<typeof createUploadsService>
