import { href } from 'react-router'
import type { Route } from './+types/home'
import { CallToAction } from '#app/components/layout/call-to-action.tsx'
import { Section } from '#app/components/layout/page-intro.tsx'
import { LatestPosts } from '#app/features/journal/latest-posts.tsx'
import { HomeSections } from '#app/features/pages/home-sections.tsx'
import { OnlineLine, onlineLines } from '#app/features/link-checks/online-line.tsx'
import { reviewsJsonLd } from '#app/features/testimonials/reviews-json-ld.ts'
import { TestimonialsSection } from '#app/features/testimonials/testimonial-figure.tsx'
import { WebsiteCard } from '#app/features/websites/website-card.tsx'
import { absoluteUrl, pageMeta, siteJsonLd } from '#app/lib/seo.ts'
import { settingsOf } from '#app/lib/site-settings.ts'
import { JsonLd } from '#app/components/ui/json-ld.tsx'
import { OnwardLink } from '#app/components/layout/onward-link.tsx'
import { pageContext } from '#app/context.ts'

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageMeta({
    title: loaderData?.page.title ?? settingsOf(matches).businessName,
    description: loaderData?.page.description ?? settingsOf(matches).seoDescription,
    path: href('/'),
    matches,
  })

export async function loader({ context }: Route.LoaderArgs) {
  const { services, publicUrl } = context.get(pageContext)
  const [latest, page, settings, posts, testimonials] = await Promise.all([
    services.websites.listFeatured(),
    services.pages.getRendered('home'),
    services.settings.getShown(),
    services.journal.listLatest(),
    services.testimonials.listPublic(),
  ])
  const health = await services.linkChecks.publicHealthOf(latest.map((w) => w._id))
  return {
    page,
    latest,
    online: onlineLines(health),
    posts,
    testimonials,
    jsonLd: siteJsonLd(publicUrl, settings),
    // Reviews of the business the site's own structured data describes (its @id).
    reviewsJsonLd: reviewsJsonLd(testimonials, {
      '@type': 'ProfessionalService',
      '@id': `${absoluteUrl(publicUrl, '/')}#business`,
      name: settings.businessName,
    }),
  }
}

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const { page, latest, online, posts, testimonials, jsonLd, reviewsJsonLd } = loaderData
  return (
    <main id="main-content" className="flex-1">
      <JsonLd json={jsonLd} />
      {reviewsJsonLd ? <JsonLd json={reviewsJsonLd} /> : null}
      <HomeSections page={page} />

      <Section
        id="recent-work"
        title="Recent work"
        lead="A few of the sites and applications I have built lately. Each one has its own page with the stack and the story behind it."
      >
        {latest.length > 0 ? (
          <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {latest.map((website) => (
              <WebsiteCard
                key={website._id}
                website={website}
                headingLevel="h3"
                status={<OnlineLine text={online[website._id]} />}
              />
            ))}
          </div>
        ) : (
          <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-700">
            New case studies are being written up. In the meantime, ask me for examples close to
            your project.
          </p>
        )}
        <OnwardLink to={href('/portfolio')} size="md">
          View the full portfolio
        </OnwardLink>
      </Section>

      <TestimonialsSection
        testimonials={testimonials}
        lead="Words from the people I have built websites for."
      />

      <LatestPosts posts={posts} />

      <CallToAction />
    </main>
  )
}
