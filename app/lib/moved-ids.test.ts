import { describe, expect, it } from 'vitest'
import { movedIds } from './moved-ids.ts'

const items = [{ _id: 'a' }, { _id: 'b' }, { _id: 'c' }]

describe('movedIds', () => {
  it('swaps an entry with its neighbour', () => {
    expect(movedIds(items, 'b', -1)).toEqual(['b', 'a', 'c'])
    expect(movedIds(items, 'b', 1)).toEqual(['a', 'c', 'b'])
  })

  it('leaves the order alone at either end or for an unknown id', () => {
    expect(movedIds(items, 'a', -1)).toEqual(['a', 'b', 'c'])
    expect(movedIds(items, 'c', 1)).toEqual(['a', 'b', 'c'])
    expect(movedIds(items, 'z', 1)).toEqual(['a', 'b', 'c'])
  })
})
