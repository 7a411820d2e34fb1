/**
 * The sample testimonial: stored at the first start of a site that never had one, pending and
 * marked as a sample in the admin, to show the owner how clients' words arrive. It is never public
 * unless the owner approves it, and says what it is: a made-up client's praise would be a fake
 * review.
 */
import type { TestimonialFields } from '#common/schemas/testimonials.ts'

export const FIRST_RUN_TESTIMONIAL: TestimonialFields = {
  name: 'Sample Client',
  role: 'Owner',
  company: 'Your first client’s business',
  text: 'This is a sample testimonial. Ask a client for a real one from Admin, Testimonials (or from a message in the inbox): once you approve what they write, it shows on your home page. Then delete this sample.',
  rating: 5,
}
