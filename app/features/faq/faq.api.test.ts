import { describe, expect, it } from 'vitest'
import { movedIds } from './faq.api.ts'

const faqs = [{ _id: 'a' }, { _id: 'b' }, { _id: 'c' }]

describe('movedIds', () => {
  it('swaps an entry with its neighbour', () => {
    expect(movedIds(faqs, 'b', -1)).toEqual(['b', 'a', 'c'])
    expect(movedIds(faqs, 'b', 1)).toEqual(['a', 'c', 'b'])
  })

  it('leaves the order alone at either end or for an unknown id', () => {
    expect(movedIds(faqs, 'a', -1)).toEqual(['a', 'b', 'c'])
    expect(movedIds(faqs, 'c', 1)).toEqual(['a', 'b', 'c'])
    expect(movedIds(faqs, 'z', 1)).toEqual(['a', 'b', 'c'])
  })
})
