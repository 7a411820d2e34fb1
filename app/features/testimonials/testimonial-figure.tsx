import type { ReactNode } from 'react'
import { Section } from '#app/components/layout/page-intro.tsx'
import { cn } from '#app/lib/cn.ts'
import { imageSrcSet } from '#common/images.ts'
import { TESTIMONIAL_RATING_MAX, type Testimonial } from '#common/schemas/testimonials.ts'

/** "Rated 4 out of 5" for screen readers and every reader of the text; stars for the eye. */
export function RatingLine({ rating }: { rating: number }) {
  return (
    <p className="text-lg leading-none tracking-wider text-amber-700">
      <span aria-hidden="true">
        {'★'.repeat(rating)}
        {rating < TESTIMONIAL_RATING_MAX ? (
          <span className="text-slate-300">{'★'.repeat(TESTIMONIAL_RATING_MAX - rating)}</span>
        ) : null}
      </span>
      <span className="sr-only">{`Rated ${rating} out of ${TESTIMONIAL_RATING_MAX}`}</span>
    </p>
  )
}

/** The client's photo or logo, cropped round to `size` CSS pixels; nothing when there is none. */
export function TestimonialPhoto({
  testimonial,
  size,
  className,
}: {
  testimonial: Pick<Testimonial, 'name' | 'photo'>
  size: number
  className?: string
}) {
  if (!testimonial.photo) return null
  return (
    <img
      {...imageSrcSet(testimonial.photo)}
      sizes={`${size}px`}
      alt={`Portrait or logo of ${testimonial.name}`}
      width={size}
      height={size}
      loading="lazy"
      className={cn(
        'aspect-square shrink-0 rounded-full bg-slate-100 object-cover ring-1 ring-slate-200',
        className,
      )}
    />
  )
}

/** One testimonial as a quotation: the client's words, then who they are. */
function TestimonialFigure({ testimonial }: { testimonial: Testimonial }) {
  const about = [testimonial.role, testimonial.company].filter(Boolean).join(', ')
  return (
    <figure className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      {testimonial.rating === null ? null : <RatingLine rating={testimonial.rating} />}
      <blockquote className="mt-4 flex-1 text-base leading-7 text-slate-800">
        <p className="whitespace-pre-line">{`“${testimonial.text}”`}</p>
      </blockquote>
      <figcaption className="mt-5 flex items-center gap-3 text-sm text-slate-700">
        <TestimonialPhoto testimonial={testimonial} size={48} className="h-12 w-12" />
        <span className="min-w-0">
          <span className="font-semibold text-slate-900">{testimonial.name}</span>
          {about ? `, ${about}` : null}
        </span>
      </figcaption>
    </figure>
  )
}

/** A page section of testimonials; nothing at all while there is none to show. */
export function TestimonialsSection({
  testimonials,
  title = 'What clients say',
  lead,
}: {
  testimonials: Testimonial[]
  title?: string
  lead?: ReactNode
}) {
  if (testimonials.length === 0) return null
  return (
    <Section id="testimonials" tone="muted" title={title} lead={lead}>
      <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {testimonials.map((testimonial) => (
          <li key={testimonial._id}>
            <TestimonialFigure testimonial={testimonial} />
          </li>
        ))}
      </ul>
    </Section>
  )
}
