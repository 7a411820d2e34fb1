import { TESTIMONIAL_RATING_MAX, type Testimonial } from '#common/schemas/testimonials.ts'

/**
 * The testimonials as schema.org Reviews of `itemReviewed` (the owner's service, or a portfolio
 * entry), serialised for a <script type="application/ld+json">; "<" is escaped so no text can
 * close the script early. The first-run sample is no client's review and is left out: null when
 * nothing is left.
 */
export function reviewsJsonLd(
  testimonials: Testimonial[],
  itemReviewed: Record<string, unknown>,
): string | null {
  const reviews = testimonials
    .filter((testimonial) => !testimonial.isSample)
    .map((testimonial) => ({
      '@type': 'Review',
      itemReviewed,
      reviewBody: testimonial.text,
      datePublished: testimonial.createdAt.slice(0, 10),
      author: {
        '@type': 'Person',
        name: testimonial.name,
        jobTitle: testimonial.role || undefined,
        worksFor: testimonial.company
          ? { '@type': 'Organization', name: testimonial.company }
          : undefined,
      },
      reviewRating:
        testimonial.rating === null
          ? undefined
          : {
              '@type': 'Rating',
              ratingValue: testimonial.rating,
              bestRating: TESTIMONIAL_RATING_MAX,
              worstRating: 1,
            },
    }))
  if (reviews.length === 0) return null
  return JSON.stringify({ '@context': 'https://schema.org', '@graph': reviews }).replace(
    /</g,
    '\\u003c',
  )
}
