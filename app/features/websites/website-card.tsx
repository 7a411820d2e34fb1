import type { ReactNode } from 'react'
import { SiteImage } from '#app/components/ui/site-image.tsx'
import { href } from 'react-router'
import { cn } from '#app/lib/cn.ts'
import type { Website } from '#common/schemas/websites.ts'
import { SiteLink } from '#app/components/ui/site-link.tsx'
import { LineIcon } from '#app/components/ui/line-icon.tsx'

const CARD_IMAGE = { width: 640, height: 400 }
/**
 * Every card but a page's priority (first) one is usually below the fold on a phone: the browser
 * skips its layout and paint until it nears the viewport (its image, lazy anyway, then loads as it comes close). The
 * placeholder height is about a card's; once drawn, the card keeps its real height.
 */
const LATER_CARD = '[content-visibility:auto] [contain-intrinsic-size:auto_500px]'
const CARD_SIZES =
  '(min-width: 1152px) 352px, (min-width: 768px) calc(50vw - 2.5rem), calc(100vw - 2rem)'

/** One portfolio entry as a card; the first card on a page loads its image with high priority. */
export function WebsiteCard({
  website,
  isPriority = false,
  headingLevel: Heading = 'h2',
  status,
}: {
  website: Website
  isPriority?: boolean
  headingLevel?: 'h2' | 'h3'
  /** A line under the description (the link check's "Online ..."), from the page. */
  status?: ReactNode
}) {
  const detailsPath = href('/website/:slug', { slug: website.slug })
  return (
    <article
      className={cn(
        'flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md',
        !isPriority && LATER_CARD,
      )}
    >
      <div className="aspect-[16/10] overflow-hidden border-b border-slate-200 bg-slate-100">
        <SiteImage
          path={website.image}
          sizes={CARD_SIZES}
          fallbackSize={CARD_IMAGE}
          alt={screenshotAlt(website)}
          loading={isPriority ? 'eager' : 'lazy'}
          fetchPriority={isPriority ? 'high' : undefined}
          decoding="async"
          className="h-full w-full object-cover object-top"
        />
      </div>
      <div className="flex flex-1 flex-col p-5 sm:p-6">
        <p className="text-sm font-semibold text-brand-700">{website.language}</p>
        <Heading className="mt-2 text-xl font-bold text-slate-900">
          <SiteLink to={detailsPath} className="hover:text-brand-700 hover:underline">
            {website.name}
          </SiteLink>
        </Heading>
        {website.languageDescription ? (
          <p className="mt-1 text-sm font-medium text-slate-600">{website.languageDescription}</p>
        ) : null}
        <p className="mt-3 line-clamp-3 text-sm leading-6 text-slate-700">{website.description}</p>
        {status ? <div className="mt-3">{status}</div> : null}
        <div className="mt-auto flex flex-wrap items-center gap-x-5 gap-y-2 pt-5 text-sm font-semibold">
          <SiteLink
            to={detailsPath}
            className="text-brand-700 hover:text-brand-900 hover:underline"
          >
            Project details<span className="sr-only">: {website.name}</span>
          </SiteLink>
          <a
            href={website.link}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 text-slate-700 hover:text-slate-900 hover:underline"
          >
            Visit live site<span className="sr-only">: {website.name} (opens in a new tab)</span>
            <ExternalIcon />
          </a>
        </div>
      </div>
    </article>
  )
}

/** The image description the admin wrote, or a plain one from the website's name. */
export const screenshotAlt = (website: Pick<Website, 'name' | 'imageAlt'>) =>
  website.imageAlt || `Screenshot of the ${website.name} website`

export function ExternalIcon() {
  return (
    <LineIcon
      d="M11 4h5v5M16 4l-7 7M14 12v3.5a.5.5 0 0 1-.5.5h-9a.5.5 0 0 1-.5-.5v-9a.5.5 0 0 1 .5-.5H8"
      strokeWidth={1.6}
      hasRoundJoins
    />
  )
}
