import { describe, expect, it } from 'vitest'
import { cacheKeyOf } from './cache-key.ts'

describe('cacheKeyOf', () => {
  it('leaves out campaign tags and ad-click ids, whatever their case or spelling', () => {
    expect(cacheKeyOf('/?utm_source=news&utm_medium=email&utm_campaign=spring')).toBe('/')
    expect(cacheKeyOf('/about?fbclid=abc&gclid=def&msclkid=ghi&ref=producthunt')).toBe('/about')
    expect(cacheKeyOf('/?UTM_Source=x&utm_term=y&utm_content=z&utm_id=1')).toBe('/')
    expect(cacheKeyOf('/?utm%5Fsource=encoded')).toBe('/')
    expect(cacheKeyOf('/?utm_source')).toBe('/')
  })

  it('keeps every other parameter, in its order and spelling', () => {
    expect(cacheKeyOf('/portfolio?page=2&utm_source=x&tag=React')).toBe(
      '/portfolio?page=2&tag=React',
    )
    expect(cacheKeyOf('/portfolio?tag=C%2B%2B&page=2')).toBe('/portfolio?tag=C%2B%2B&page=2')
    expect(cacheKeyOf('/?reference=1&refs=2&utm=3')).toBe('/?reference=1&refs=2&utm=3')
    expect(cacheKeyOf('/?bad=%E0%A4%A')).toBe('/?bad=%E0%A4%A')
  })

  it('answers a URL without a query as it is', () => {
    expect(cacheKeyOf('/journal/a-post')).toBe('/journal/a-post')
    expect(cacheKeyOf('/?')).toBe('/')
  })
})
