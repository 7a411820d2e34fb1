import { describe, expect, it } from 'vitest'
import { PostListQuerySchema } from '#common/schemas/posts.ts'
import { listPageTitle, publicEntry, readListQuery, tagPath } from './published-pages.ts'

describe('published pages', () => {
  it('title and address a filtered, paged list', () => {
    expect(listPageTitle('Journal', '/journal', 1)).toEqual({ title: 'Journal', path: '/journal' })
    expect(listPageTitle('Journal', '/journal', 2, 'C# & .NET')).toEqual({
      title: 'Journal: C# & .NET, page 2',
      path: '/journal?tag=C%23%20%26%20.NET&page=2',
    })
    expect(tagPath('/portfolio', 'React')).toBe('/portfolio?tag=React')
  })

  it('read the page and tag, and list everything for a query they cannot read', () => {
    const read = (query: string) =>
      readListQuery(new Request(`http://site.test/journal${query}`), PostListQuerySchema)
    expect(read('?page=3&tag=CSS')).toEqual({ page: 3, tag: 'CSS' })
    expect(read(`?tag=${'x'.repeat(500)}`)).toEqual({ page: 1, tag: undefined })
  })

  it('answer an unknown entry with 404 and an old slug with a permanent redirect', async () => {
    const missing = Promise.reject(Object.assign(new Error('Post not found'), { statusCode: 404 }))
    await expect(publicEntry(missing, (slug) => `/journal/${slug}`)).rejects.toMatchObject({
      init: { status: 404 },
    })
    const moved = await publicEntry(Promise.resolve({ movedTo: 'new' }), (s) => `/journal/${s}`)
      .then(() => undefined)
      .catch((response: Response) => response)
    expect(moved?.status).toBe(301)
    expect(moved?.headers.get('location')).toBe('/journal/new')
    await expect(publicEntry(Promise.resolve({ id: 1 }), String)).resolves.toEqual({ id: 1 })
  })
})
