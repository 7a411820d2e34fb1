import { describe, expect, it } from 'vitest'
import { pageCount, pageWindow, planPage } from './pagination.ts'

describe('pageWindow', () => {
  it('starts the first page at offset zero', () => {
    expect(pageWindow(1, 10)).toEqual({ page: 1, limit: 10, offset: 0 })
  })
  it('skips the earlier pages', () => {
    expect(pageWindow(3, 12)).toEqual({ page: 3, limit: 12, offset: 24 })
  })
})

describe('pageCount', () => {
  it('rounds a partial page up', () => {
    expect(pageCount(21, 10)).toBe(3)
    expect(pageCount(20, 10)).toBe(2)
    expect(pageCount(0, 10)).toBe(0)
  })
})

describe('planPage', () => {
  it('reads pages in the front half in the list order', () => {
    expect(planPage({ limit: 10, offset: 0 }, 1000)).toEqual({
      reverse: false,
      limit: 10,
      offset: 0,
    })
    expect(planPage({ limit: 10, offset: 490 }, 1000)).toEqual({
      reverse: false,
      limit: 10,
      offset: 490,
    })
  })
  it('reads the last page from the other end, from offset zero', () => {
    expect(planPage({ limit: 10, offset: 990 }, 1000)).toEqual({
      reverse: true,
      limit: 10,
      offset: 0,
    })
  })
  it('reads a partial last page with the smaller limit', () => {
    expect(planPage({ limit: 10, offset: 1000 }, 1005)).toEqual({
      reverse: true,
      limit: 5,
      offset: 0,
    })
  })
  it('maps a back-half page onto the same rows counted from the end', () => {
    // Rows 990..999 newest first are rows 5..14 oldest first when there are 1005.
    expect(planPage({ limit: 10, offset: 990 }, 1005)).toEqual({
      reverse: true,
      limit: 10,
      offset: 5,
    })
  })
  it('plans nothing past the end', () => {
    expect(planPage({ limit: 10, offset: 1000 }, 1000).limit).toBe(0)
    expect(planPage({ limit: 10, offset: 0 }, 0).limit).toBe(0)
  })
  it('covers every row exactly once across all pages', () => {
    const total = 97
    const order = Array.from({ length: total }, (_, i) => i)
    const seen: number[] = []
    for (let offset = 0; offset < total; offset += 10) {
      const plan = planPage({ limit: 10, offset }, total)
      const source = plan.reverse ? [...order].reverse() : order
      const rows = source.slice(plan.offset, plan.offset + plan.limit)
      seen.push(...(plan.reverse ? rows.reverse() : rows))
    }
    expect(seen).toEqual(order)
  })
})
