import { describe, expect, it } from 'vitest'
import type { Testimonial } from '#common/schemas/testimonials.ts'
import { reviewsJsonLd } from './reviews-json-ld.ts'

const testimonial = (fields: Partial<Testimonial> = {}): Testimonial => ({
  _id: 'a',
  name: 'Dana Client',
  role: 'Founder',
  company: 'Dana & Co',
  text: 'Great work.',
  rating: 5,
  photo: null,
  websiteId: null,
  position: 1,
  createdAt: '2030-03-01T09:00:00.000Z',
  isSample: false,
  ...fields,
})
const business = { '@type': 'ProfessionalService', name: 'Studio' }

describe('reviewsJsonLd', () => {
  it('describes each testimonial as a Review of the item, by a Person, with its rating', () => {
    const json = reviewsJsonLd([testimonial()], business)
    expect(JSON.parse(json!)).toEqual({
      '@context': 'https://schema.org',
      '@graph': [
        {
          '@type': 'Review',
          itemReviewed: business,
          reviewBody: 'Great work.',
          datePublished: '2030-03-01',
          author: {
            '@type': 'Person',
            name: 'Dana Client',
            jobTitle: 'Founder',
            worksFor: { '@type': 'Organization', name: 'Dana & Co' },
          },
          reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5, worstRating: 1 },
        },
      ],
    })
  })

  it('leaves out a missing rating, role and company', () => {
    const [review] = (
      JSON.parse(
        reviewsJsonLd([testimonial({ rating: null, role: '', company: '' })], business)!,
      ) as {
        '@graph': Record<string, unknown>[]
      }
    )['@graph']
    expect(review).not.toHaveProperty('reviewRating')
    expect(review!.author).toEqual({ '@type': 'Person', name: 'Dana Client' })
  })

  it('leaves out the first-run sample, and is null when nothing is left', () => {
    expect(reviewsJsonLd([testimonial({ isSample: true })], business)).toBeNull()
    expect(reviewsJsonLd([], business)).toBeNull()
  })

  it('escapes "<" so no text can close the script element', () => {
    const json = reviewsJsonLd(
      [testimonial({ text: '</script><script>alert(1)</script>' })],
      business,
    )
    expect(json).not.toContain('<')
    expect(JSON.parse(json!)['@graph'][0].reviewBody).toBe('</script><script>alert(1)</script>')
  })
})
