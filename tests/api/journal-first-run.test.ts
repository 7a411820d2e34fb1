import { describe, expect, it } from 'vitest'
import { PostPageSchema } from '#common/schemas/posts.ts'
import { putFirstRunContent } from '#server/first-run/first-run.ts'
import { FIRST_RUN_POST } from '#server/first-run/journal.ts'
import { asAdmin } from '#tests/helpers/auth.ts'
import { createTestApp } from '#tests/helpers/test-app.ts'

describe('the first-run sample post', () => {
  it('is stored once on a new site as a draft marked as a sample, never public, and never comes back once deleted', async () => {
    const app = await createTestApp()
    try {
      expect((await putFirstRunContent(app.services)).samplePost).toBe(true)
      const list = PostPageSchema.parse(
        (await app.inject({ method: 'GET', url: '/api/posts' })).json(),
      )
      expect(list.posts).toEqual([])
      const bySlug = await app.inject({
        method: 'GET',
        url: `/api/posts/slug/${FIRST_RUN_POST.slug}`,
      })
      expect(bySlug.statusCode).toBe(404)
      expect((await app.inject({ method: 'GET', url: '/journal' })).body).not.toContain(
        FIRST_RUN_POST.title,
      )

      const admin = (await asAdmin(app)).headers
      const adminList = PostPageSchema.parse(
        (await app.inject({ method: 'GET', url: '/api/posts/admin', headers: admin })).json(),
      )
      expect(adminList.posts).toHaveLength(1)
      const [post] = adminList.posts
      expect(post).toMatchObject({
        title: FIRST_RUN_POST.title,
        slug: FIRST_RUN_POST.slug,
        status: 'draft',
        publishedAt: null,
        isSample: true,
      })
      expect((await putFirstRunContent(app.services)).samplePost).toBe(false)

      const res = await app.inject({
        method: 'DELETE',
        url: `/api/posts/${post!._id}`,
        headers: admin,
      })
      expect(res.statusCode).toBe(200)
      expect((await putFirstRunContent(app.services)).samplePost).toBe(false)
      const after = PostPageSchema.parse(
        (await app.inject({ method: 'GET', url: '/api/posts/admin', headers: admin })).json(),
      )
      expect(after.posts).toEqual([])
    } finally {
      await app.cleanup()
    }
  })
})
