import { describe, expect, it } from 'vitest'
import { AdminTestimonialListSchema, TestimonialListSchema } from '#common/schemas/testimonials.ts'
import { putFirstRunContent } from '#server/first-run/first-run.ts'
import { FIRST_RUN_TESTIMONIAL } from '#server/first-run/testimonials.ts'
import { asAdmin } from '#tests/helpers/auth.ts'
import { createTestApp } from '#tests/helpers/test-app.ts'

describe('the first-run sample testimonial', () => {
  it('is approved once on a new site, marked as a sample, and never comes back once deleted', async () => {
    const app = await createTestApp()
    try {
      expect((await putFirstRunContent(app.services)).sampleTestimonial).toBe(true)
      const list = TestimonialListSchema.parse(
        (await app.inject({ method: 'GET', url: '/api/testimonials' })).json(),
      )
      expect(list.testimonials).toHaveLength(1)
      const [sample] = list.testimonials
      expect(sample).toMatchObject({ ...FIRST_RUN_TESTIMONIAL, isSample: true, websiteId: null })

      const admin = (await asAdmin(app)).headers
      const adminList = AdminTestimonialListSchema.parse(
        (
          await app.inject({ method: 'GET', url: '/api/testimonials/admin', headers: admin })
        ).json(),
      )
      expect(adminList.testimonials[0]).toMatchObject({ status: 'approved', isSample: true })
      expect((await putFirstRunContent(app.services)).sampleTestimonial).toBe(false)

      const res = await app.inject({
        method: 'DELETE',
        url: `/api/testimonials/${sample!._id}`,
        headers: admin,
      })
      expect(res.statusCode).toBe(200)
      expect((await putFirstRunContent(app.services)).sampleTestimonial).toBe(false)
      const after = TestimonialListSchema.parse(
        (await app.inject({ method: 'GET', url: '/api/testimonials' })).json(),
      )
      expect(after.testimonials).toEqual([])
    } finally {
      await app.cleanup()
    }
  })
})
