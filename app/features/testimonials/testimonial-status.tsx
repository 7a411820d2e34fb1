import type { AdminTestimonial, TestimonialStatus } from '#common/schemas/testimonials.ts'
import { Badges, type BadgeItem } from '#app/components/ui/badges.tsx'

const STATUS: Record<TestimonialStatus, BadgeItem> = {
  pending: { label: 'Pending', tone: 'waiting' },
  approved: { label: 'Approved', tone: 'live' },
  hidden: { label: 'Hidden', tone: 'neutral' },
}

/** Where a testimonial stands (Pending, Approved, Hidden), and Sample for the first-run one. */
export function TestimonialStatusBadges({ testimonial }: { testimonial: AdminTestimonial }) {
  return (
    <Badges
      items={[
        STATUS[testimonial.status],
        testimonial.isSample && { label: 'Sample', tone: 'mark' },
      ]}
    />
  )
}
