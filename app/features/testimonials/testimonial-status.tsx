import type { AdminTestimonial, TestimonialStatus } from '#common/schemas/testimonials.ts'

const STATUS: Record<TestimonialStatus, { label: string; tone: string }> = {
  pending: { label: 'Pending', tone: 'bg-amber-100 text-amber-900' },
  approved: { label: 'Approved', tone: 'bg-green-100 text-green-900' },
  hidden: { label: 'Hidden', tone: 'bg-slate-100 text-slate-800' },
}

/** Where a testimonial stands (Pending, Approved, Hidden), and Sample for the first-run one. */
export function TestimonialStatusBadges({ testimonial }: { testimonial: AdminTestimonial }) {
  const { label, tone } = STATUS[testimonial.status]
  return (
    <span className="flex flex-wrap gap-1.5">
      <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${tone}`}>{label}</span>
      {testimonial.isSample ? (
        <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800">
          Sample
        </span>
      ) : null}
    </span>
  )
}
