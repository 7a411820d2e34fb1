import { imageSrcSet } from '#common/images.ts'
import { cn } from '#app/lib/cn.ts'
import { useSiteSettings } from '#app/lib/site-settings.ts'

/**
 * The owner's photo (settings `portrait`), cropped square to `size` CSS pixels, or nothing while
 * there is none. `sizes` lets the browser take the smallest variant that stays sharp.
 */
export function Portrait({
  size,
  className,
  isEager = false,
}: {
  size: number
  className?: string
  isEager?: boolean
}) {
  const { portrait, ownerName } = useSiteSettings()
  if (!portrait) return null
  return (
    <img
      {...imageSrcSet(portrait)}
      sizes={`${size}px`}
      alt={`Portrait of ${ownerName}`}
      width={size}
      height={size}
      loading={isEager ? 'eager' : 'lazy'}
      className={cn('aspect-square rounded-full object-cover', className)}
    />
  )
}
