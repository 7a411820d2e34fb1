import { href } from 'react-router'
import { IMAGE_THUMB_WIDTH } from '#common/constants.ts'
import { imageVariantPath } from '#common/images.ts'
import { cn } from '#app/lib/cn.ts'
import { useSiteSettings } from '#app/lib/site-settings.ts'
import { SiteLink } from '#app/components/ui/site-link.tsx'

export function BrandMark({ className = 'h-8 w-8' }: { className?: string }) {
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

/** The business name with the owner's logo (or the site's mark while there is none), linking home. */
export function BrandLink({ className }: { className?: string }) {
  const { businessName, logo } = useSiteSettings()
  return (
    <SiteLink to={href('/')} className={cn('flex items-center gap-2.5 rounded-md', className)}>
      {logo ? (
        // The name beside it says what the logo says: the image is decoration to a screen reader.
        <img
          src={imageVariantPath(logo, IMAGE_THUMB_WIDTH)}
          alt=""
          width={36}
          height={36}
          className="h-9 w-9 rounded-md object-contain"
        />
      ) : (
        <BrandMark />
      )}
      <span className="text-base leading-tight font-bold tracking-tight text-slate-900">
        {businessName}
      </span>
    </SiteLink>
  )
}
