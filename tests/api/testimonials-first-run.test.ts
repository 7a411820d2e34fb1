import { describe, expect, it } from 'vitest'
import { AdminTestimonialListSchema, TestimonialListSchema } from '#common/schemas/testimonials.ts'
import { putFirstRunContent } from '#server/first-run/first-run.ts'
import { FIRST_RUN_TESTIMONIAL } from '#server/first-run/testimonials.ts'
import { asAdmin } from '#tests/helpers/auth.ts'
import { createTestApp } from '#tests/helpers/test-app.ts'

describe('the first-run sample testimonial', () => {
  it('is stored once on a new site, pending and marked as a sample, never public, and never comes back once deleted', async () => {
    const app = await createTestApp()
    try {
      expect((await putFirstRunContent(app.services)).sampleTestimonial).toBe(true)
      const list = TestimonialListSchema.parse(
        (await app.inject({ method: 'GET', url: '/api/testimonials' })).json(),
      )
      expect(list.testimonials).toEqual([])
      expect((await app.inject({ method: 'GET', url: '/' })).body).not.toContain(
        FIRST_RUN_TESTIMONIAL.text,
      )

      const admin = (await asAdmin(app)).headers
      const adminList = AdminTestimonialListSchema.parse(
        (
          await app.inject({ method: 'GET', url: '/api/testimonials/admin', headers: admin })
        ).json(),
      )
      expect(adminList.testimonials).toHaveLength(1)
      const [sample] = adminList.testimonials
      expect(sample).toMatchObject({
        ...FIRST_RUN_TESTIMONIAL,
        status: 'pending',
        isSample: true,
        websiteId: null,
      })
      expect((await putFirstRunContent(app.services)).sampleTestimonial).toBe(false)

      const res = await app.inject({
        method: 'DELETE',
        url: `/api/testimonials/${sample!._id}`,
        headers: admin,
      })
      expect(res.statusCode).toBe(200)
      expect((await putFirstRunContent(app.services)).sampleTestimonial).toBe(false)
      const after = AdminTestimonialListSchema.parse(
        (
          await app.inject({ method: 'GET', url: '/api/testimonials/admin', headers: admin })
        ).json(),
      )
      expect(after.testimonials).toEqual([])
    } finally {
      await app.cleanup()
    }
  })
})
