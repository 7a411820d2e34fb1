import { describe, expect, it } from 'vitest'
import { canonicalPath } from './canonical-path.ts'

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

  it.each(['/contact.data', '/_root.data', '/website/acme-shop.data'])(
    'keeps the data request %s',
    (path) => expect(canonicalPath(path)).toBe(path),
  )

  it.each([
    '/.data',
    '/contact/.data',
    '//contact.data',
    '/./contact.data',
    '/contact.data.data',
    '/sitemap.xml.data',
    '/robots.txt.data',
    'contact',
  ])('gives %s no canonical form', (path) => expect(canonicalPath(path)).toBeUndefined())
})
