import type { ImgHTMLAttributes } from 'react'
import { imageSrcSet } from '#common/images.ts'

/** The size an image is drawn at when its own is unknown (a screenshot's 16:10), so nothing shifts. */
const FALLBACK_SIZE = { width: 1600, height: 1000 }

/**
 * An image of the site's (an upload or a shipped picture) with its responsive variants: the
 * browser picks the smallest that fills `sizes`. Width and height reserve its box before it loads.
 */
export function SiteImage({
  path,
  sizes,
  fallbackSize = FALLBACK_SIZE,
  alt,
  ...rest
}: Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes' | 'width' | 'height'> & {
  /** The stored image path: /uploads/... or /images/... */
  path: string
  /** How wide the image is drawn at each viewport, for choosing a variant. */
  sizes: string
  fallbackSize?: { width: number; height: number }
  alt: string
}) {
  const image = imageSrcSet(path)
  return (
    <img
      src={image.src}
      srcSet={image.srcSet}
      sizes={image.srcSet ? sizes : undefined}
      width={image.width ?? fallbackSize.width}
      height={image.height ?? fallbackSize.height}
      alt={alt}
      {...rest}
    />
  )
}
