import { describe, expect, it } from 'vitest'
import { pageLinks } from './pagination.tsx'

const render = (pages: number, current: number) =>
  pageLinks(pages, current)
    .map((link) => ('gap' in link ? '…' : link.isCurrent ? `[${link.page}]` : String(link.page)))
    .join(' ')

describe('pageLinks', () => {
  it('lists every page of a short list and marks the current one', () => {
    expect(pageLinks(3, 2)).toEqual([
      { page: 1, isCurrent: false },
      { page: 2, isCurrent: true },
      { page: 3, isCurrent: false },
    ])
    expect(render(7, 4)).toBe('1 2 3 [4] 5 6 7')
  })

  it('keeps the first, the last and two on each side of the current page', () => {
    expect(render(100, 50)).toBe('1 … 48 49 [50] 51 52 … 100')
    expect(render(100, 1)).toBe('[1] 2 3 … 100')
    expect(render(100, 100)).toBe('1 … 98 99 [100]')
    expect(render(100, 4)).toBe('1 2 3 [4] 5 6 … 100')
  })

  it('never gives more than nine entries, however many pages', () => {
    for (const current of [1, 2, 3, 500, 998, 999, 1000]) {
      expect(pageLinks(1000, current).length).toBeLessThanOrEqual(9)
    }
  })

  it('is empty when there are no pages', () => {
    expect(pageLinks(0, 1)).toEqual([])
  })
})
