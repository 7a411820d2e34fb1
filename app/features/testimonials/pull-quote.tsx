import type { Testimonial } from '#common/schemas/testimonials.ts'
import { RatingLine } from './testimonial-figure.tsx'

/** Longer than this, the quote is set a size smaller so it stays a quote, not a wall of text. */
const SHORT_QUOTE = 220

/**
 * A client's words set large inside a case study, the way a magazine pulls a quote out of a
 * story: the strongest proof a project page can show, read before the details.
 */
export function PullQuote({ testimonial }: { testimonial: Testimonial }) {
  const about = [testimonial.role, testimonial.company].filter(Boolean).join(', ')
  const isShort = testimonial.text.length <= SHORT_QUOTE
  return (
    <section
      aria-labelledby="client-says"
      className="mt-14 rounded-2xl bg-brand-50 px-6 py-10 ring-1 ring-brand-100 sm:px-12 sm:py-12"
    >
      <h2 id="client-says" className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
        What the client says
      </h2>
      <figure className="mt-5">
        {testimonial.rating === null ? null : <RatingLine rating={testimonial.rating} />}
        <blockquote
          className={
            isShort
              ? 'mt-4 text-2xl leading-9 font-medium tracking-tight text-balance text-slate-900 sm:text-3xl sm:leading-10'
              : 'mt-4 text-xl leading-8 font-medium text-slate-900'
          }
        >
          <p className="whitespace-pre-line">{`“${testimonial.text}”`}</p>
        </blockquote>
        <figcaption className="mt-6 flex items-center gap-3 text-base text-slate-700">
          <span aria-hidden="true" className="h-px w-8 bg-brand-600" />
          <span>
            <span className="font-semibold text-slate-900">{testimonial.name}</span>
            {about ? `, ${about}` : null}
          </span>
        </figcaption>
      </figure>
    </section>
  )
}
