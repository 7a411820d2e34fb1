import { href } from 'react-router'
import { IMAGE_THUMB_WIDTH } from '#common/constants.ts'
import { imageVariantPath } from '#common/images.ts'
import { cn } from '#app/lib/cn.ts'
import { useSiteSettings } from '#app/lib/site-settings.ts'
import { SiteLink } from '#app/components/ui/site-link.tsx'

function BrandMark({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={className}>
      <rect width="32" height="32" rx="8" className="fill-brand-700" />
      <path
        d="M12 10l-6 6 6 6M20 10l6 6-6 6M17.5 8.5l-3 15"
        fill="none"
        stroke="#fff"
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}

/**
 * The owner's logo, or the site's mark while there is none. The name beside it says what the logo
 * says, so the image is decoration to a screen reader. `isTiled` sets it on a white tile, for a dark
 * ground a dark logo would vanish on (the footer).
 */
export function SiteLogo({
  className = 'h-9 w-9',
  isTiled = false,
}: {
  className?: string
  isTiled?: boolean
}) {
  const { logo } = useSiteSettings()
  if (!logo) return <BrandMark className={className} />
  return (
    <img
      src={imageVariantPath(logo, IMAGE_THUMB_WIDTH)}
      alt=""
      width={36}
      height={36}
      className={cn('shrink-0 rounded-md object-contain', isTiled && 'bg-white p-1', className)}
    />
  )
}

/** The business name with the owner's logo (or the site's mark while there is none), linking home. */
export function BrandLink({ className }: { className?: string }) {
  const { businessName } = useSiteSettings()
  return (
    <SiteLink to={href('/')} className={cn('flex items-center gap-2.5 rounded-md', className)}>
      <SiteLogo />
      <span className="text-base leading-tight font-bold tracking-tight text-slate-900">
        {businessName}
      </span>
    </SiteLink>
  )
}
