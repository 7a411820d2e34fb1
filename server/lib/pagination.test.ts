import { describe, expect, it } from 'vitest'
import { pageCount, pageWindow } from './pagination.ts'

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
