import { describe, expect, it } from 'vitest'
import { PAGE_KEYS } from './schemas/pages.ts'
import { PAGE_PATHS, PUBLIC_PAGES, isPublicPage, isPublicPath } from './public-pages.ts'

describe('isPublicPage', () => {
  it('takes every fixed page and one entry page of each kind', () => {
    for (const path of PUBLIC_PAGES) expect(isPublicPage(path), path).toBe(true)
    expect(isPublicPage('/website/some-site')).toBe(true)
    expect(isPublicPage('/journal/a-post')).toBe(true)
  })

  it('leaves out the public files, account and admin pages and deeper or empty entry paths', () => {
    for (const path of [
      '/journal/feed.xml',
      '/sitemap.xml',
      '/robots.txt',
      '/signin',
      '/admin/dashboard',
      '/testimonial/token',
      '/website/',
      '/journal/',
      '/journal/a-post/more',
      '/websites/a',
    ])
      expect(isPublicPage(path), path).toBe(false)
  })
})

describe('isPublicPath', () => {
  it('adds the public files to the pages', () => {
    for (const path of ['/journal/feed.xml', '/sitemap.xml', '/robots.txt', '/journal/a-post'])
      expect(isPublicPath(path), path).toBe(true)
    expect(isPublicPath('/profile')).toBe(false)
  })
})

describe('PAGE_PATHS', () => {
  it('shows every page the owner edits on a public page', () => {
    for (const key of PAGE_KEYS) expect(isPublicPage(PAGE_PATHS[key]), key).toBe(true)
  })
})
