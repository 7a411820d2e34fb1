import { describe, expect, it } from 'vitest'
import { canonicalPath, pagePathOf } from './canonical-path.ts'

describe('canonicalPath', () => {
  it.each(['/', '/contact', '/mernRender', '/website/acme-shop', '/admin/website/5f0c', '/a%20b'])(
    'keeps the canonical %s',
    (path) => expect(canonicalPath(path)).toBe(path),
  )

  it.each([
    ['//', '/'],
    ['///', '/'],
    ['//x/contact', '/x/contact'],
    ['/contact/', '/contact'],
    ['/./contact', '/contact'],
    ['/x/../contact', '/contact'],
    ['/../contact', '/contact'],
    ['/%2e/contact', '/contact'],
    ['/%2E%2E/contact', '/contact'],
    ['/\\contact', '/contact'],
    ['/%63ontact', '/contact'],
    ['/%7Euser', '/~user'],
  ])('spells %s as %s', (path, canonical) => expect(canonicalPath(path)).toBe(canonical))

  it('leaves escapes of reserved characters as they are', () => {
    expect(canonicalPath('/website/a%2Fb')).toBe('/website/a%2Fb')
  })

  it.each(['/contact.data', '/_.data', '/website/acme-shop.data'])(
    'keeps the data request %s',
    (path) => expect(canonicalPath(path)).toBe(path),
  )

  it.each([
    '/.data',
    '//_.data',
    '/_.data.data',
    '/contact/_.data',
    '/contact/.data',
    '//contact.data',
    '/./contact.data',
    '/contact.data.data',
    '/sitemap.xml.data',
    '/robots.txt.data',
    'contact',
  ])('gives %s no canonical form', (path) => expect(canonicalPath(path)).toBeUndefined())
})

describe('pagePathOf', () => {
  it.each([
    ['/faq', '/faq', false],
    ['/', '/', false],
    ['/faq.data', '/faq', true],
    ['/website/acme-shop.data', '/website/acme-shop', true],
    ['/_.data', '/', true],
    ['/faq/_.data', '/faq/', true],
    ['/faq_.data', '/faq_', true],
    ['/_root.data', '/_root', true],
  ])('reads %s as the page %s (data: %s)', (path, page, isData) =>
    expect(pagePathOf(path)).toEqual({ page, isData }),
  )
})
