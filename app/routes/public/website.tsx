import { href, isRouteErrorResponse } from 'react-router'
import { SiteImage } from '#app/components/ui/site-image.tsx'
import type { Route } from './+types/website'
import { CallToAction } from '#app/components/layout/call-to-action.tsx'
import { NotFoundContent } from '#app/components/layout/not-found-content.tsx'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { OnlineLine, onlineLines } from '#app/features/link-checks/online-line.tsx'
import { TagLinks } from '#app/components/ui/tag-filter.tsx'
import { Markdown } from '#app/components/ui/markdown.tsx'
import { reviewsJsonLd } from '#app/features/testimonials/reviews-json-ld.ts'
import { PullQuote } from '#app/features/testimonials/pull-quote.tsx'
import { TestimonialsSection } from '#app/features/testimonials/testimonial-figure.tsx'
import { ExternalIcon, screenshotAlt } from '#app/features/websites/website-card.tsx'
import { publicEntry } from '#app/lib/published-pages.ts'
import { absoluteUrl, pageMeta } from '#app/lib/seo.ts'
import { JsonLd } from '#app/components/ui/json-ld.tsx'
import type { Website } from '#common/schemas/websites.ts'
import type { WebsiteLink } from '#server/modules/websites/websites.service.ts'
import { SiteLink } from '#app/components/ui/site-link.tsx'
import { cn } from '#app/lib/cn.ts'
import { pageContext } from '#app/context.ts'

const DESCRIPTION_MAX = 160
const HERO_SIZES = '(min-width: 1152px) 1104px, calc(100vw - 2rem)'
const GALLERY_SIZES =
  '(min-width: 1152px) 540px, (min-width: 640px) calc(50vw - 2.5rem), calc(100vw - 2rem)'

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) => {
  if (!loaderData) {
    return pageMeta({
      title: 'Page not found',
      description: 'This portfolio entry does not exist or has been removed.',
      path: href('/website/:slug', { slug: params.slug }),
      matches,
      noIndex: true,
    })
  }
  const { website } = loaderData
  return pageMeta({
    title: website.name,
    description: summary(website.description),
    path: href('/website/:slug', { slug: website.slug }),
    matches,
    image: website.image.startsWith('/uploads/') ? website.image : undefined,
    type: 'article',
  })
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { services, publicUrl } = context.get(pageContext)
  const found = await publicEntry(services.websites.lookUpPublicSlug(params.slug), (slug) =>
    href('/website/:slug', { slug }),
  )
  const { website } = found
  const [health, testimonials] = await Promise.all([
    services.linkChecks.publicHealthOf([website._id]),
    services.testimonials.listForWebsite(website._id),
  ])
  return {
    website,
    caseStudyHtml: found.caseStudyHtml,
    previous: found.previous,
    next: found.next,
    online: onlineLines(health)[website._id],
    testimonials,
    reviewsJsonLd: reviewsJsonLd(testimonials, {
      '@type': 'CreativeWork',
      name: website.name,
      url: absoluteUrl(publicUrl, href('/website/:slug', { slug: website.slug })),
    }),
  }
}

function summary(text: string) {
  const oneLine = text.replace(/\s+/g, ' ').trim()
  if (oneLine.length <= DESCRIPTION_MAX) return oneLine
  return `${oneLine.slice(0, DESCRIPTION_MAX - 1).replace(/(?<!\s)\s+\S*$/, '')}…`
}

export default function WebsitePage({ loaderData }: Route.ComponentProps) {
  const { website, caseStudyHtml, previous, next, online, testimonials, reviewsJsonLd } = loaderData
  const [pullQuote, ...moreTestimonials] = testimonials
  return (
    <main id="main-content" className="flex-1">
      {reviewsJsonLd ? <JsonLd json={reviewsJsonLd} /> : null}
      <div className="border-b border-slate-200 bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-6xl px-4 pt-10 pb-12 sm:px-6 sm:pt-14">
          <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
            <ol className="flex flex-wrap items-center gap-2">
              <li>
                <SiteLink
                  to={href('/portfolio')}
                  className="font-medium text-brand-700 hover:underline"
                >
                  Portfolio
                </SiteLink>
              </li>
              <li aria-hidden="true">/</li>
              <li aria-current="page" className="text-slate-700">
                {website.name}
              </li>
            </ol>
          </nav>
          <p className="mt-6 text-sm font-semibold tracking-wide text-brand-700 uppercase">
            {website.language}
          </p>
          <h1 className="mt-2 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl">
            {website.name}
          </h1>
          {website.languageDescription ? (
            <p className="mt-4 text-lg text-slate-700">{website.languageDescription}</p>
          ) : null}
          <div className="mt-8 flex flex-wrap gap-3">
            <a
              href={website.link}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClasses('primary', 'lg')}
            >
              Visit the live site
              <span className="sr-only"> (opens in a new tab)</span>
              <ExternalIcon />
            </a>
            <SiteLink to={href('/portfolio')} className={buttonClasses('secondary', 'lg')}>
              Back to the portfolio
            </SiteLink>
          </div>
          <OnlineLine text={online} className="mt-4" />
        </div>
      </div>
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
        <SiteImage
          path={website.image}
          sizes={HERO_SIZES}
          alt={screenshotAlt(website)}
          fetchPriority="high"
          className="aspect-[16/10] w-full rounded-xl border border-slate-200 bg-slate-100 object-cover object-top shadow-md"
        />
        {website.results.length > 0 ? <Results results={website.results} /> : null}
        <section
          aria-labelledby="about-project"
          className="mt-12 grid gap-10 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]"
        >
          <dl className="h-fit space-y-4 rounded-xl bg-slate-50 p-6 text-sm ring-1 ring-slate-200 lg:col-start-2 lg:row-start-1">
            {website.client ? (
              <div>
                <dt className="font-medium text-slate-600">Client</dt>
                <dd className="mt-0.5 font-semibold text-slate-900">{website.client}</dd>
              </div>
            ) : null}
            {website.role ? (
              <div>
                <dt className="font-medium text-slate-600">My role</dt>
                <dd className="mt-0.5 text-slate-900">{website.role}</dd>
              </div>
            ) : null}
            {website.year !== null ? (
              <div>
                <dt className="font-medium text-slate-600">Year</dt>
                <dd className="mt-0.5 text-slate-900">{website.year}</dd>
              </div>
            ) : null}
            <div>
              <dt className="font-medium text-slate-600">Stack</dt>
              {website.tags.length > 0 ? (
                <dd className="mt-2">
                  <TagLinks
                    basePath={href('/portfolio')}
                    tags={website.tags}
                    label="Technologies used"
                  />
                </dd>
              ) : (
                <dd className="mt-0.5 font-semibold text-slate-900">
                  {[website.language, website.languageDescription].filter(Boolean).join(' · ')}
                </dd>
              )}
            </div>
            <div>
              <dt className="font-medium text-slate-600">Live site</dt>
              <dd className="mt-0.5 break-all">
                <a
                  href={website.link}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-semibold text-brand-700 underline underline-offset-4"
                >
                  {website.link.replace(/^https?:\/\//, '').replace(/\/$/, '')}
                </a>
              </dd>
            </div>
          </dl>
          <div className="lg:col-start-1 lg:row-start-1">
            <h2 id="about-project" className="text-2xl font-bold tracking-tight text-slate-900">
              About the project
            </h2>
            <div className="mt-4 space-y-4 text-lg leading-8 whitespace-pre-line text-slate-700">
              {website.description}
            </div>
            {caseStudyHtml ? (
              <Markdown
                html={caseStudyHtml}
                className="article-body mt-10 text-lg leading-8 text-slate-700"
              />
            ) : null}
          </div>
        </section>
        {pullQuote ? <PullQuote testimonial={pullQuote} /> : null}
        {website.gallery.length > 0 ? (
          <Gallery name={website.name} images={website.gallery} />
        ) : null}
        {previous || next ? <ProjectLinks previous={previous} next={next} /> : null}
      </div>
      <TestimonialsSection testimonials={moreTestimonials} title="More from clients" />
      <CallToAction title="Planning something similar?" />
    </main>
  )
}

/** The figures a project moved, large, right under its screenshot. */
function Results({ results }: { results: Website['results'] }) {
  return (
    <section aria-label="Results" className="mt-10">
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {results.map((result) => (
          <div
            key={`${result.value} ${result.label}`}
            className="flex flex-col-reverse justify-end rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
          >
            <dt className="mt-1 text-sm leading-5 text-slate-600">{result.label}</dt>
            <dd className="text-3xl font-bold tracking-tight text-brand-700">{result.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

/** The case study's screenshots, each opening full size, with its caption. */
function Gallery({ name, images }: { name: string; images: Website['gallery'] }) {
  return (
    <section aria-labelledby="gallery" className="mt-16" data-gallery>
      <h2 id="gallery" className="text-2xl font-bold tracking-tight text-slate-900">
        Gallery
      </h2>
      <div className="mt-6 grid gap-6 sm:grid-cols-2">
        {images.map((item) => {
          return (
            <figure key={item.image}>
              <a
                href={item.image}
                data-gallery-item
                data-caption={item.caption || undefined}
                className="block overflow-hidden rounded-xl border border-slate-200 bg-slate-100 shadow-sm hover:shadow-md"
              >
                <SiteImage
                  path={item.image}
                  sizes={GALLERY_SIZES}
                  alt={item.alt}
                  loading="lazy"
                  decoding="async"
                  className="aspect-[16/10] w-full object-cover object-top"
                />
                <span className="sr-only"> (full size, {name})</span>
              </a>
              {item.caption ? (
                <figcaption className="mt-2 text-sm text-slate-600">{item.caption}</figcaption>
              ) : null}
            </figure>
          )
        })}
      </div>
      <GalleryViewer name={name} />
    </section>
  )
}

const VIEWER_BUTTON =
  'inline-flex h-11 w-11 items-center justify-center rounded-full bg-white/10 text-2xl leading-none text-white hover:bg-white/20'

/**
 * The in-page viewer the gallery's images open in when JavaScript runs (viewGalleriesInPlace in
 * page-behaviour.ts fills it); without JavaScript it never opens and each image is a plain link.
 */
function GalleryViewer({ name }: { name: string }) {
  return (
    <dialog
      data-gallery-viewer
      aria-label={`Gallery: ${name}`}
      className="gallery-viewer m-auto h-full max-h-none w-full max-w-none bg-slate-950 p-0 backdrop:bg-slate-950"
    >
      <div className="flex h-full flex-col items-center justify-center gap-3 p-4 sm:p-8">
        <div className="flex w-full max-w-6xl items-center justify-between gap-3 text-white">
          <p data-viewer-position className="text-sm font-medium" aria-live="polite" />
          <form method="dialog">
            <button type="submit" className={VIEWER_BUTTON} aria-label="Close">
              <span aria-hidden="true">×</span>
            </button>
          </form>
        </div>
        <figure className="flex min-h-0 w-full max-w-6xl flex-1 flex-col items-center justify-center gap-3">
          <img
            data-viewer-image
            alt=""
            className="max-h-full min-h-0 max-w-full rounded-lg object-contain shadow-2xl"
          />
          <figcaption data-viewer-caption hidden className="text-center text-sm text-slate-200" />
        </figure>
        <div className="flex gap-4">
          <button
            type="button"
            data-viewer-step="-1"
            className={VIEWER_BUTTON}
            aria-label="Previous image"
          >
            <span aria-hidden="true">‹</span>
          </button>
          <button
            type="button"
            data-viewer-step="1"
            className={VIEWER_BUTTON}
            aria-label="Next image"
          >
            <span aria-hidden="true">›</span>
          </button>
        </div>
      </div>
    </dialog>
  )
}

/** A link to the project before (`prev`) or after (`next`) this one, by its name. */
function ProjectLink({ website, rel }: { website: WebsiteLink; rel: 'prev' | 'next' }) {
  return (
    <a
      href={href('/website/:slug', { slug: website.slug })}
      rel={rel}
      className={cn(
        'group rounded-xl border border-slate-200 p-5 hover:border-brand-600',
        rel === 'next' && 'text-right',
      )}
    >
      <span className="text-sm text-slate-600">
        {rel === 'prev' ? 'Previous project' : 'Next project'}
      </span>
      <span className="mt-1 block font-semibold text-brand-700 group-hover:underline">
        {website.name}
      </span>
    </a>
  )
}

/** The published projects before and after this one in the portfolio's order. */
function ProjectLinks({
  previous,
  next,
}: {
  previous: WebsiteLink | null
  next: WebsiteLink | null
}) {
  return (
    <nav
      aria-label="More projects"
      className="mt-16 grid gap-4 border-t border-slate-200 pt-8 sm:grid-cols-2"
    >
      {previous ? <ProjectLink website={previous} rel="prev" /> : <span />}
      {next ? <ProjectLink website={next} rel="next" /> : null}
    </nav>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <NotFoundContent
        title="Project not found"
        text="This portfolio entry does not exist or has been taken down. The portfolio lists every current project."
      />
    )
  }
  return (
    <NotFoundContent
      title="Something went wrong"
      text="This project could not be loaded just now. Please try again in a moment, or browse the rest of the portfolio."
      eyebrow="Error"
    />
  )
}
