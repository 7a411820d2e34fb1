import { describe, expect, it } from 'vitest'
import { PostPageSchema } from '#common/schemas/posts.ts'
import { putFirstRunContent } from '#server/first-run/first-run.ts'
import { FIRST_RUN_POST } from '#server/first-run/journal.ts'
import { asAdmin } from '#tests/helpers/auth.ts'
import { createTestApp } from '#tests/helpers/test-app.ts'

describe('the first-run sample post', () => {
  it('is published once on a new site, marked as a sample, and never comes back once deleted', async () => {
    const app = await createTestApp()
    try {
      expect((await putFirstRunContent(app.services)).samplePost).toBe(true)
      const list = PostPageSchema.parse(
        (await app.inject({ method: 'GET', url: '/api/posts' })).json(),
      )
      expect(list.posts).toHaveLength(1)
      const [post] = list.posts
      expect(post).toMatchObject({
        title: FIRST_RUN_POST.title,
        slug: FIRST_RUN_POST.slug,
        status: 'published',
        isSample: true,
      })
      expect((await putFirstRunContent(app.services)).samplePost).toBe(false)

      const admin = (await asAdmin(app)).headers
      const res = await app.inject({
        method: 'DELETE',
        url: `/api/posts/${post!._id}`,
        headers: admin,
      })
      expect(res.statusCode).toBe(200)
      expect((await putFirstRunContent(app.services)).samplePost).toBe(false)
      const after = PostPageSchema.parse(
        (await app.inject({ method: 'GET', url: '/api/posts' })).json(),
      )
      expect(after.totalPosts).toBe(0)
    } finally {
      await app.cleanup()
    }
  })
})
